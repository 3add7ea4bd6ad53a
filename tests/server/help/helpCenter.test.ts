import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpCentre } from '../../../src/shared/help';
import {
  HELP_CONTENT_DIR,
  loadHelpContent,
  placeholdersIn,
} from '../../../server/domain/help/helpContent';
import { HELP_FACT_NAMES } from '../../../server/domain/help/helpFacts';
import { call, startTestServer, type TestServer } from '../../support/testServer';

/** The help centre reads no table: one engine is enough (the content comes from config/help). */
describe('help centre (GET /wps/system/helpCenter and the relay getHelpV2)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A server whose limits differ from the shipped file: the texts must follow the config.
    server = await startTestServer('pglite', {
      config: (base) => {
        base.payments.deposit.min = '25.00';
        base.payments.withdrawal.max = '7500.00';
        return base;
      },
    });
  });
  afterAll(() => server.close());

  const help = async (query: string, headers: Record<string, string> = {}) => {
    const answer = await call(server, `/wps/system/helpCenter${query}`, { headers });
    expect(answer.status, query).toBe(200);
    return answer.body.value as HelpCentre;
  };
  const article = (centre: HelpCentre, section: string, id: string) =>
    centre.sections.find((one) => one.id === section)?.articles.find((one) => one.id === id);
  const text = (centre: HelpCentre) => JSON.stringify(centre);

  it('answers the sections and articles in the asked language, the terms among them', async () => {
    const spanish = await help('?lang=es');
    expect(spanish.language).toBe('ES');
    expect(spanish.sections.map((section) => section.id)).toEqual([
      'account',
      'deposits',
      'withdrawals',
      'promotions',
      'games',
      'agents',
      'responsible',
      'live-support',
      'term',
    ]);
    const terms = spanish.sections.find((section) => section.id === 'term')!;
    expect(terms.title).toBe('Términos y condiciones');
    expect(terms.articles.length).toBeGreaterThan(3);
    expect(terms.articles.every((one) => one.language === 'ES')).toBe(true);
  });

  it('fills in the limits the server really applies, never leaving a placeholder', async () => {
    const english = await help('?lang=en');
    expect(article(english, 'deposits', 'how-to-deposit')!.body[0]).toContain(
      'from 25.00 to 50000.00 USD',
    );
    expect(text(english)).toContain('to 7500.00 USD');
    for (const language of ['en', 'es', 'pt', 'vi', 'th', 'zh', 'ja', 'ko']) {
      expect(text(await help(`?lang=${language}`)), language).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('takes the Language header when no lang is given, and the default without either', async () => {
    expect((await help('', { language: 'KO' })).language).toBe('KO');
    expect((await help('')).language).toBe('EN');
    // The lang parameter wins over the header.
    expect((await help('?lang=ja', { language: 'KO' })).language).toBe('JA');
  });

  it('falls back sensibly: a region to its language, traditional to simplified Chinese, else English', async () => {
    expect((await help('?lang=pt-BR')).language).toBe('PT');
    expect((await help('?lang=pt_BR')).language).toBe('PT');
    const traditional = await help('?lang=zh-TW');
    expect(traditional.language).toBe('ZH');
    expect(traditional.sections[0]!.title).toBe('账户与安全');
    // Offered by the brand but not written, and not offered at all: English.
    expect((await help('?lang=fr')).language).toBe('EN');
    const unknown = await help('?lang=xx');
    expect(unknown.language).toBe('EN');
    expect(unknown.sections.find((one) => one.id === 'term')!.title).toBe('Terms and conditions');
  });

  it('refuses malformed parameters clearly', async () => {
    for (const query of [
      '?lang=e',
      '?lang=english-language-please',
      '?lang=%3Cscript%3E',
      '?lang=en&lang=es',
      '?lang=en&extra=1',
      '?lang=e%00n',
    ]) {
      const answer = await call(server, `/wps/system/helpCenter${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({ success: false, code: 'invalid_request' });
    }
  });

  it('relays getHelpV2 (lang, device WEB) with the same document', async () => {
    const relayed = await call(server, '/wps/relay/getHelpV2?lang=vi&device=WEB');
    expect(relayed.status).toBe(200);
    expect(relayed.body.value).toEqual(await help('?lang=vi'));
    const unknown = await call(server, '/wps/relay/getHelpV2?lang=qq&device=WEB');
    expect((unknown.body.value as HelpCentre).language).toBe('EN');
    for (const query of ['', '?device=WEB', '?lang=en&device=APP', '?lang=1&device=WEB']) {
      const answer = await call(server, `/wps/relay/getHelpV2${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toBe('invalid_request');
    }
    const posted = await call(server, '/wps/relay/getHelpV2?lang=en', { method: 'POST' });
    expect(posted.status).toBe(405);
  });
});

describe('help centre content files', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'help-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const english = {
    sections: [
      {
        id: 'term',
        title: 'Terms',
        articles: [{ id: 'age', title: 'Age', body: ['18+ {{currency}}'] }],
      },
    ],
  };
  const write = (name: string, value: unknown) =>
    writeFile(path.join(folder, name), JSON.stringify(value));

  it('the shipped files load, every language translates every English article', async () => {
    const content = await loadHelpContent(HELP_CONTENT_DIR, HELP_FACT_NAMES);
    const ids = (code: string) =>
      content
        .get(code)!
        .sections.flatMap((section) => section.articles.map((one) => `${section.id}/${one.id}`));
    expect([...content.keys()].sort()).toEqual(['EN', 'ES', 'JA', 'KO', 'PT', 'TH', 'VI', 'ZH']);
    for (const code of content.keys()) expect(ids(code), code).toEqual(ids('EN'));
    // Each translation keeps the English article's placeholders.
    for (const [code, file] of content) {
      file.sections.forEach((section, s) =>
        section.articles.forEach((one, a) => {
          const reference = content.get('EN')!.sections[s]!.articles[a]!;
          const names = (value: unknown) => placeholdersIn(JSON.stringify(value)).sort();
          expect(names(one), `${code} ${section.id}/${one.id}`).toEqual(names(reference));
        }),
      );
    }
  });

  it('refuses a folder without English, an unknown placeholder, a stray id or a bad file', async () => {
    await write('es.json', english);
    await expect(loadHelpContent(folder, HELP_FACT_NAMES)).rejects.toThrow(/en\.json is missing/);
    await write('en.json', english);
    await expect(loadHelpContent(folder, HELP_FACT_NAMES)).resolves.toBeDefined();
    await write('es.json', {
      sections: [
        { id: 'term', title: 'T', articles: [{ id: 'edad', title: 'E', body: ['{{bonus}}'] }] },
      ],
    });
    const problem = loadHelpContent(folder, HELP_FACT_NAMES);
    await expect(problem).rejects.toThrow(/article "term\/edad" is not in en\.json/);
    await expect(problem).rejects.toThrow(/unknown placeholder \{\{bonus\}\}/);
    await write('es.json', { sections: [{ id: 'term', title: 'T', articles: [{ id: 'age' }] }] });
    await expect(loadHelpContent(folder, HELP_FACT_NAMES)).rejects.toThrow(/es\.json: sections/);
    await rm(path.join(folder, 'es.json'));
    await write('xx.json', english);
    await expect(loadHelpContent(folder, HELP_FACT_NAMES)).rejects.toThrow(
      /xx\.json: not a known language code/,
    );
  });
});
