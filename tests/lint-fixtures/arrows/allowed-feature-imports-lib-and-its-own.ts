// as: src/features/due/DueFixture.ts
import { statusTones } from '../../lib/deposit-labels';
import DueScreen from './DueScreen';

export const parts = [statusTones.pending, DueScreen];
