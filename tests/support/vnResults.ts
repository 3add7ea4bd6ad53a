import type { VnResult } from '../../src/shared/vnLotto';

/**
 * A north-format Vietnam lottery result the tests reckon with (server and end-to-end): 27 comes
 * out twice among the lô numbers (the special prize and the second prize), 45 once, and the
 * special prize ends in 127.
 */
export const VN_NORTH_RESULT: VnResult = [
  { tier: 'DB', numbers: ['40127'] },
  { tier: 'G1', numbers: ['11111'] },
  { tier: 'G2', numbers: ['22222', '33327'] },
  { tier: 'G3', numbers: ['44444', '55555', '66645', '77777', '88888', '99999'] },
  { tier: 'G4', numbers: ['0001', '0002', '0003', '0004'] },
  { tier: 'G5', numbers: ['1005', '1006', '1008', '1009', '1010', '1012'] },
  { tier: 'G6', numbers: ['313', '314', '315'] },
  { tier: 'G7', numbers: ['16', '17', '18', '19'] },
];
