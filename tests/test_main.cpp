#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "core/position.h"

int main(int argc, char** argv) {
    vazir::initCore();
    doctest::Context context(argc, argv);
    return context.run();
}
