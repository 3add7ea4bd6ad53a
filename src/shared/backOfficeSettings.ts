import type { BudgetLineView } from './backOfficePromotions';

/**
 * The back office's VIP levels and missions (issue 30): the sections as the configuration file
 * writes them (server/config/vip.ts, missions.ts check them), with the version a save must name.
 */
export interface VipLevelSettings {
  level: number;
  name: Record<string, string>;
  validBet: string;
  deposit: string;
  /** Percent per game type, and `default`. */
  rebatePercent: Record<string, string>;
  upgradeBonus: string;
  withdrawalDailyMax: string | null;
}

export interface VipSettings {
  period: { kind: 'rolling'; days: number } | { kind: 'calendarMonth' };
  upgradeBonusWagering: number;
  levels: VipLevelSettings[];
}

export interface MissionSettings {
  code: string;
  period: 'daily' | 'weekly';
  name: Record<string, string>;
  goal:
    | { kind: 'validBet'; amount: string; gameType?: string }
    | { kind: 'rounds'; count: number; gameType?: string }
    | { kind: 'deposits'; count: number };
  reward: { amount: string; wageringMultiplier: number };
}

export interface EconomySettingsView {
  vip: VipSettings;
  missions: MissionSettings[];
  /** Grows with every save; 0 while the configuration file's sections are in force. */
  version: number;
  savedBy: string | null;
  savedAt: string | null;
}

/** What the returns budget says of a draft: ok, or the lines it takes over, worst first. */
export interface SettingsVerdict {
  ok: boolean;
  message: string | null;
  lines: BudgetLineView[];
}
