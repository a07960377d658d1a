// The evaluation's tunable terms, listed once. Each entry is (name, count): a term with
// `count` weights, each a middlegame/endgame pair. The list generates both the weight
// table (EvalWeights) and the coefficient trace (EvalTrace, printed by `eval`), so the
// evaluation and the trace can never disagree about which terms exist.
#pragma once

// clang-format off
#define VAZIR_EVAL_TERMS(X)                                                              \
    X(material, 7)             /* by piece type */                                       \
    X(psqt, 6 * 64)            /* (type - 1) * 64 + square from the owner's side, a1 = 0 */ \
    X(knightMobility, 9)       /* by safe squares reached */                             \
    X(bishopMobility, 14)                                                                \
    X(rookMobility, 15)                                                                  \
    X(queenMobility, 28)                                                                 \
    X(passedPawn, 8)           /* by relative rank */                                    \
    X(passedBlocked, 8)        /* stop square occupied, by rank */                       \
    X(passedFreePath, 8)       /* path to promotion empty and not attacked, by rank */   \
    X(passedOwnKingDistance, 8)   /* coefficient: king distance to the stop square */    \
    X(passedEnemyKingDistance, 8)                                                        \
    X(candidatePawn, 8)        /* by rank */                                             \
    X(isolatedPawn, 1)                                                                   \
    X(doubledPawn, 1)                                                                    \
    X(backwardPawn, 1)                                                                   \
    X(connectedPawn, 8)        /* phalanx or defended, by rank */                        \
    X(kingZoneAttack, 7)       /* attacks on squares next to the enemy king, by attacker */ \
    X(safeCheck, 7)            /* safe checking squares, by checker type */              \
    X(kingShelter, 8)          /* own pawn in front of the king, by distance 1..7 (0 = none) */ \
    X(kingStorm, 8)            /* enemy pawn in front of the king, by distance */        \
    X(kingOpenFile, 1)         /* open file on or next to the king */                    \
    X(bishopPair, 1)                                                                     \
    X(knightOutpost, 1)                                                                  \
    X(bishopOutpost, 1)                                                                  \
    X(rookOpenFile, 1)                                                                   \
    X(rookSemiOpenFile, 1)                                                               \
    X(queenOpenFile, 1)                                                                  \
    X(queenSemiOpenFile, 1)                                                              \
    X(rookOnSeventh, 1)                                                                  \
    X(minorBehindPawn, 1)                                                                \
    X(threatByPawn, 7)         /* by victim type */                                      \
    X(threatByMinor, 7)                                                                  \
    X(threatByRook, 7)                                                                   \
    X(hangingPiece, 1)                                                                   \
    X(tempo, 1)
// clang-format on
