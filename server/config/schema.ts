import { z } from 'zod';
import { completeLanguages, isCompleteLanguage, isKnownLanguage } from '../../src/shared/languages';
import {
  MAX_AMOUNT_MINOR,
  MAX_AMOUNT_TEXT,
  MONEY_AMOUNT_PATTERN,
  parseMoney,
} from '../../src/shared/money';
import { PAYMENT_CHANNELS } from '../../src/shared/paymentChannels';
import type { WhitelabelNode } from '../../src/shared/system';
import {
  DEFAULT_COOLING_OFF_HOURS,
  DEFAULT_SESSION_BREAK_MINUTES,
  SESSION_BREAK_MINUTES,
} from '../../src/shared/responsibleGaming';
import { announcementsConfigSchema } from './announcements';
import { promotionDefinitionSchema } from './promotions';
import { contractLimitsSchema } from './contracts';
import { DEFAULT_ECONOMICS, economicsConfigSchema } from './economics';
import { vipConfigSchema } from './vip';
import { pointsConfigSchema } from './points';
import { missionsConfigSchema } from './missions';
import { refuseDuplicateCodes } from './uniqueCodes';
import { DEFAULT_LIABILITY_CAPS, liabilityCapProblems, liabilityCapsSchema } from './vnLiability';

/**
 * The operator's configuration file (config/platform.json), validated at start so a typo is a
 * readable error, not a broken page. Environment variables are in env.ts.
 */
// Kept as a plain string type: configuration and requests compare against it freely.
const languageCode = z
  .string()
  .refine((code): boolean => isKnownLanguage(code), { message: 'unknown language code' });

const whitelabelNode: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({
    modId: z.string().min(1),
    enabled: z.boolean(),
    childrenNodes: z.array(whitelabelNode),
  }),
);

const registrationField = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string().refine(
    (pattern) => {
      if (pattern === '*') return true;
      try {
        new RegExp(pattern);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'not a valid regular expression (use * for any)' },
  ),
  patternId: z.string().min(1),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(1),
});

/** A configured amount ("50.00"): a decimal of at most the platform's bound (issue 11). */
const configAmount = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/)
  .refine((text) => MONEY_AMOUNT_PATTERN.test(text) && parseMoney(text) <= MAX_AMOUNT_MINOR, {
    message: `at most ${MAX_AMOUNT_TEXT}`,
  });

/** A store page: an absolute https address (a store link is never relative nor plain http). */
const storeUrl = z
  .string()
  .max(2000)
  .refine(
    (text) => {
      try {
        return new URL(text).protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: 'must be an absolute https URL' },
  );

const drawInterval = z
  .number()
  .int()
  .min(30, 'at least 30 seconds')
  .max(86_400, 'at most a day')
  .refine((seconds) => 86_400 % seconds === 0, 'must divide a day (60, 300, 3600…)');
const lotteryPath = z
  .string()
  .regex(
    /^\/(lgw|lotto)\/[a-z0-9_/-]{1,80}$/,
    'a path under /lgw/ or /lotto/ (lower-case letters, digits, _ - /)',
  );

/** Issue 16: the scheduled draws (spec 7: the lobby's paths "come from configuration"). */
const lotteryConfigSchema = z
  .object({
    /** Every lottery game draws once per interval (seconds, a divisor of a day)… */
    drawIntervalSeconds: drawInterval,
    /**
     * …unless its group has its own (e.g. the Vietnamese regional draws every 5 minutes). A game
     * with a cadence of its own in the catalogue (`drawSeconds`, the one its name states: "Keno ·
     * 3 Minutes") draws at that whatever these say (issue 32).
     */
    groupIntervals: z.record(z.string().regex(/^[A-Z0-9_]{1,20}$/), drawInterval).default({}),
    /** Opened draws are kept this many days. */
    keepDays: z.number().int().min(1).max(366),
    /** Where the lobby info and the recent results are served (public GETs). */
    paths: z
      .object({ lobbyInfo: lotteryPath, recentResults: lotteryPath })
      .refine((paths) => paths.lobbyInfo !== paths.recentResults, {
        message: 'lobbyInfo and recentResults must differ',
      }),
    /**
     * The Vietnamese lottery's liability cap per number and draw, per bet type (./vnLiability.ts):
     * left out, the shipped caps; never unlimited.
     */
    liabilityCaps: liabilityCapsSchema,
  })
  .strict()
  .default({
    drawIntervalSeconds: 60,
    groupIntervals: {},
    keepDays: 7,
    paths: { lobbyInfo: '/lgw/vn/lobby/info', recentResults: '/lgw/vn/lobby/results' },
    liabilityCaps: { ...DEFAULT_LIABILITY_CAPS },
  });

export const platformConfigSchema = z
  .object({
    brand: z.object({
      name: z.string().min(1),
      merchantCode: z.string().regex(/^[A-Z0-9_]{2,32}$/),
      platform: z.literal('WEB'),
      lotteryType: z.string(),
      defaultLanguage: languageCode,
      languages: z.array(languageCode).min(1),
    }),
    mainDomain: z.string().min(1),
    domainRoute: z.array(z.object({ domain: z.string().min(1), type: z.string().min(1) })),
    analytics: z.object({ gtagId: z.string().nullable() }),
    imageCDNs: z.array(z.string().min(1)).min(1),
    launchGameCDNs: z.array(z.string().min(1)).min(1),
    customerService: z.array(
      z.object({
        csType: z.string().min(1),
        url: z.string().regex(/^(https?:\/\/|\/)/, 'must be an http(s) or site-relative URL'),
        key: z.string().regex(/^[A-Za-z0-9]{8}$/, 'must be 8 letters or digits'),
      }),
    ),
    resources: z.array(
      z.object({
        resourceType: z.string().min(1),
        url: z.string().min(1),
        labelNameEn: z.string().optional(),
      }),
    ),
    /**
     * The apps in the stores (issue 16; not in the spec). Null (the default): the platform's
     * download page (/downloads/ios, /downloads/android) offers the site as an installed web app
     * instead. Only https addresses: the link leaves the site from a trusted page.
     */
    appStores: z
      .object({
        ios: storeUrl.nullable().default(null),
        android: storeUrl.nullable().default(null),
      })
      .default({ ios: null, android: null }),
    whitelabel: z.array(whitelabelNode),
    registration: z.object({
      fields: z.record(z.string(), registrationField),
      /**
       * New accounts allowed (issue 28, finding 8): per client address per hour (public sign-up)
       * and per agent per day (sign-ups with its invitation code and accounts it opens). What
       * makes bonus farming, colluding downlines and referral rings scale is cheap accounts.
       */
      limits: z
        .object({
          perAddressPerHour: z.number().int().min(1).max(100_000),
          perAgentPerDay: z.number().int().min(1).max(100_000),
        })
        .strict()
        .default({ perAddressPerHour: 5, perAgentPerDay: 30 }),
    }),
    maintenance: z.object({
      enabled: z.boolean(),
      end: z.iso.datetime({ offset: true }).nullable(),
    }),
    /** Country dialing codes offered on the mobile forms (spec 3 "Country entry"). */
    countries: z
      .array(
        z.object({
          countryCode: z.string().regex(/^[A-Z]{2}$/),
          countryDialingCode: z.string().regex(/^[0-9]{1,4}$/),
        }),
      )
      .min(1),
    /** Resend waits expiredMinutes × 60 s after an SMS (spec 9: default 1 minute). */
    sms: z.object({
      expiredMinutes: z.number().int().min(1).max(30),
      /**
       * Codes one number may be sent in a day, and one address may ask for in an hour, for every
       * purpose (registration too): a number nobody registered yet must not be flooded.
       */
      perNumberPerDay: z.number().int().min(1).max(100).default(10),
      perAddressPerHour: z.number().int().min(1).max(1000).default(20),
    }),
    /** With the PWDEXPIRY3 flag, a password older than this must be changed at login. */
    security: z.object({ passwordMaxAgeDays: z.number().int().min(1) }),
    payments: z.object({
      currency: z.string().regex(/^[A-Z]{3}$/),
      currencySymbol: z.string().min(1).max(4),
      /** Vendors with a wallet of their own (transfer wallet); the others play from MAIN. */
      vendorWallets: z.array(z.string().regex(/^[A-Z0-9_]{2,20}$/)),
      deposit: z.object({
        min: configAmount,
        max: configAmount,
        /** The demo channel confirms a deposit by itself after this many seconds. */
        demoConfirmSeconds: z.number().int().min(0).max(3600),
      }),
      withdrawal: z.object({
        min: configAmount,
        max: configAmount,
        /** A paid withdrawal nobody answers counts as received after this long (spec 4). */
        autoConfirmMinutes: z
          .number()
          .int()
          .min(1)
          .max(7 * 24 * 60),
        /** The demo channel pays a request by itself after this many seconds; null: an operator pays. */
        demoPaySeconds: z.number().int().min(0).max(3600).nullable(),
        /**
         * The demo channel pays by itself only requests up to this amount; a larger one waits for
         * finance in the back office's withdrawals queue, as a real operator's manual review
         * above its auto-payout limit does. Null: it pays every amount.
         */
        demoPayMax: configAmount.nullable().default(null),
      }),
      /** Demo money a free-play (trial) account starts with, from the house "trial_credit". */
      trialCredit: configAmount,
      /**
       * The enabled channels (src/shared/paymentChannels.ts). A deposit on another is refused
       * (channel_unavailable); with no payout channel an operator pays each withdrawal.
       */
      channels: z.object({
        deposit: z.array(z.enum(PAYMENT_CHANNELS)),
        payout: z.array(z.enum(PAYMENT_CHANNELS)),
      }),
      /**
       * The DEMO channels credit deposits and pay withdrawals with nothing paid: production
       * refuses to start with one enabled unless this is true (a demo site without real money).
       */
      allowDemoMoneyInProduction: z.boolean().default(false),
    }),
    games: z.object({
      /** Bet sizes the demo vendor offers, as decimal strings. */
      betLevels: z.array(configAmount).min(1),
      /** A round that wins at least this many times its bet goes to the winner board. */
      bigWinMultiple: z.number().int().min(1),
      /** Play money of a free-trial launch (not on the ledger). */
      freeTrialCredit: configAmount,
      /** Seats of a live table and a PVP room (GLS2_roomList's capacity, issue 16). */
      roomCapacity: z
        .object({
          LIVE: z.number().int().min(1).max(500),
          PVP: z.number().int().min(1).max(500),
        })
        .strict()
        .default({ LIVE: 7, PVP: 4 }),
    }),
    /** The demo vendor's scheduled number draws and the lottery lobby's paths (issue 16). */
    lottery: lotteryConfigSchema,
    /** Banners, notices and pop-ups (spec 3), texts per language with EN as the fallback. */
    announcements: announcementsConfigSchema,
    /**
     * Promotions to create at start when their code is new (issue 14); afterwards the operator
     * changes them with `npm run ops -- promotion …`, which the file never undoes.
     */
    promotions: z.array(promotionDefinitionSchema).default([]).superRefine(refuseDuplicateCodes),
    /** The operator's caps on what agents' contracts pay (issue 11). */
    contracts: contractLimitsSchema,
    /** VIP levels, their thresholds and benefits (issue 14). */
    vip: vipConfigSchema,
    /** Points earned by play, their conversion and the points mall's goods (issue 14). */
    points: pointsConfigSchema,
    /** Daily and weekly missions and their rewards (issue 14). */
    missions: missionsConfigSchema,
    /**
     * The returns budget (issue 28): the margin every bet leaves the house whatever it returns,
     * and house edges for game types the platform cannot measure.
     */
    economics: economicsConfigSchema.default(DEFAULT_ECONOMICS),
    /**
     * Four-eyes on money in the back office (issue 30): an action above its amount waits for a
     * second staff member's approval (never the first's own). Amounts in money ("5000.00"); an
     * agent's rate in percent. "0.00" puts every such action in the queue.
     */
    backOffice: z
      .object({
        approvals: z
          .object({
            withdrawalPayout: z.string().regex(/^\d{1,12}\.\d{2}$/),
            bonus: z.string().regex(/^\d{1,12}\.\d{2}$/),
            rgPayout: z.string().regex(/^\d{1,12}\.\d{2}$/),
            agentRatePercent: z.string().regex(/^\d{1,3}\.\d{2}$/),
            /**
             * A promotion saved with a larger single payment (a bonus's amount or cap; a
             * raffle's whole prize pool) waits for a second person.
             */
            promotionAmount: z
              .string()
              .regex(/^\d{1,12}\.\d{2}$/)
              .default('500.00'),
            /** A rebate promotion above this percent of every bet (the returns budget's part). */
            rebatePercent: z
              .string()
              .regex(/^\d{1,3}\.\d{2}$/)
              .default('0.50'),
          })
          .strict(),
      })
      .strict()
      .default({
        approvals: {
          withdrawalPayout: '5000.00',
          bonus: '500.00',
          rgPayout: '5000.00',
          agentRatePercent: '1.00',
          promotionAmount: '500.00',
          rebatePercent: '0.50',
        },
      }),
    /**
     * Responsible gaming (issue 17): how long a raised or removed limit (and a time-zone change
     * while limits are in force) waits before it applies. Lowering a limit applies at once.
     */
    responsibleGaming: z
      .object({
        coolingOffHours: z.number().int().min(1).max(720),
        /** The break after the session limit: no login until it passed (issue 17). */
        sessionBreakMinutes: z
          .number()
          .int()
          .min(SESSION_BREAK_MINUTES.min)
          .max(SESSION_BREAK_MINUTES.max)
          .default(DEFAULT_SESSION_BREAK_MINUTES),
      })
      .strict()
      .default({
        coolingOffHours: DEFAULT_COOLING_OFF_HOURS,
        sessionBreakMinutes: DEFAULT_SESSION_BREAK_MINUTES,
      }),
    regionRestriction: z.object({
      blockedCidrs: z.array(z.string().regex(/^[0-9a-fA-F:.]+\/\d{1,3}$/, 'must be a CIDR range')),
      blockedCountries: z.array(z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 code')),
      /** Header set by a trusted proxy with the visitor's country (e.g. cf-ipcountry). */
      countryHeader: z.string().nullable(),
    }),
  })
  .superRefine((config, ctx) => {
    // A cap that cannot take one line of the smallest bet would refuse every slip of its type
    // (caps left in another currency's amounts, typically): refused at start.
    for (const { betType, least } of liabilityCapProblems(
      config.lottery.liabilityCaps,
      config.games.betLevels,
    )) {
      ctx.addIssue({
        code: 'custom',
        path: ['lottery', 'liabilityCaps', betType],
        message: `at least ${least} (one line of the smallest bet level at its odds)`,
      });
    }
    if (!config.brand.languages.includes(config.brand.defaultLanguage)) {
      ctx.addIssue({
        code: 'custom',
        path: ['brand', 'defaultLanguage'],
        message: 'must be one of brand.languages',
      });
    }
    // Issue 16: only languages whose texts are complete are offered, never English under
    // another language's name.
    for (const [index, code] of config.brand.languages.entries()) {
      if (!isCompleteLanguage(code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['brand', 'languages', index],
          message: `${code} has no complete texts; offer only ${completeLanguages.join(', ')}`,
        });
      }
    }
  });

export type PlatformConfig = z.infer<typeof platformConfigSchema>;
export type RegistrationFieldRule = z.infer<typeof registrationField>;
