// The unit of every evaluation and search score: centipawns from the side to move's
// point of view (search/score.h adds the mate and tablebase bands on top). A header of
// its own so that code needing only the type does not pull in the evaluation.
#pragma once

namespace vazir {

using Score = int;

}  // namespace vazir
