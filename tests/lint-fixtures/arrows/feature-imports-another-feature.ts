// as: src/features/due/DueFixture.ts
// "due" was missing from the hand-kept list of features: the rule now takes every folder of src/features.
import { statusTones } from '../deposits/deposit-actions';

export const tone = statusTones.pending;
