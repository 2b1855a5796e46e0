// Property tests run with a fixed seed so CI is reproducible; FC_SEED=<n> explores others.
// fast-check prints the seed and path of any counterexample it finds.
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED || 20231115) });
