#include "search/params.h"

#include "search/search.h"

namespace vazir::params {

#ifdef VAZIR_TUNING
#define VAZIR_DEFINE_PARAM(name, value, min, max, step) int name = value;
VAZIR_SEARCH_PARAMS(VAZIR_DEFINE_PARAM)
#undef VAZIR_DEFINE_PARAM
#endif

const std::vector<ParamInfo>& all() {
#ifdef VAZIR_TUNING
#define VAZIR_PARAM_INFO(name, value, min, max, step) {#name, &name, value, min, max, step},
#else
#define VAZIR_PARAM_INFO(name, value, min, max, step) {#name, nullptr, value, min, max, step},
#endif
    static const std::vector<ParamInfo> table = {VAZIR_SEARCH_PARAMS(VAZIR_PARAM_INFO)};
#undef VAZIR_PARAM_INFO
    return table;
}

bool set(const ParamInfo& p, int value) {
    if (!p.variable || value < p.min || value > p.max) return false;
    *p.variable = value;
    reinitReductions();  // the reduction table depends on LmrBase and LmrDivisor
    return true;
}

}  // namespace vazir::params
