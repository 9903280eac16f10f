// The seed every robustness matrix generates its inputs from: fixed by default, so a run is repeatable;
// ROBUSTNESS_SEED=N replays the run a failure names.
export const SEED = Number(process.env.ROBUSTNESS_SEED ?? 20_261_122);
export const replay = `[seed ${SEED}; replay with ROBUSTNESS_SEED=${SEED}]`;
