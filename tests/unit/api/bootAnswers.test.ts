// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBootAnswers } from '../../../src/api/bootAnswers';
import { createHttp } from '../../../src/api/http';
import {
  answerKey,
  BOOT_ANSWER_MAX_AGE_MS,
  BOOT_ANSWERS_ID,
  STATUS_PATH,
} from '../../../src/shared/bootAnswers';

afterEach(() => vi.unstubAllGlobals());

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const script = doc.createElement('script');
  script.id = BOOT_ANSWERS_ID;
  script.type = 'application/json';
  script.textContent = json;
  doc.head.append(script);
  return doc;
}

const listKey = answerKey('/wps/relay/GCSGAME_gameList', { pageNo: 1, gameType: 'RNG' });

describe('boot answers', () => {
  it("hands out each of the server's answers once, to the call with its path and query", () => {
    const status = { info: { brand: { name: 'A</script>' } }, seq: 3 };
    const doc = pageWith(
      JSON.stringify({ [STATUS_PATH]: status, [listKey]: { games: [] } }).replace(/</g, '\\u003c'),
    );
    const answers = readBootAnswers(doc, () => 10);
    expect(doc.getElementById(BOOT_ANSWERS_ID)).toBeNull();
    expect(answers.peek(STATUS_PATH)).toEqual(status);
    expect(answers.take(STATUS_PATH)).toEqual({ value: status });
    expect(answers.take(STATUS_PATH)).toBeUndefined();
    // The query's order does not matter.
    expect(
      answers.take(answerKey('/wps/relay/GCSGAME_gameList', { gameType: 'RNG', pageNo: '1' })),
    ).toEqual({ value: { games: [] } });
  });

  it('hands out nothing too old, and nothing from a page without answers or with unreadable ones', () => {
    let age = 0;
    const answers = readBootAnswers(pageWith(JSON.stringify({ [STATUS_PATH]: {} })), () => age);
    age = BOOT_ANSWER_MAX_AGE_MS + 1;
    expect(answers.take(STATUS_PATH)).toBeUndefined();
    for (const doc of [
      document.implementation.createHTMLDocument('t'),
      pageWith('{not json'),
      pageWith('[1]'),
      pageWith('null'),
    ])
      expect(readBootAnswers(doc).take(STATUS_PATH)).toBeUndefined();
  });

  it('answer a GET of the HTTP client without a request; anything else goes out', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, value: 'from the network' }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const answers = readBootAnswers(
      pageWith(JSON.stringify({ [listKey]: 'from the page', [STATUS_PATH]: 'status' })),
      () => 0,
    );
    const http = createHttp(
      {
        merchantCode: () => 'AURORA',
        language: () => 'EN',
        token: () => null,
        bootAnswer: answers.take,
      },
      'http://test.local/',
    );
    await expect(
      http.get('/wps/relay/GCSGAME_gameList', { searchParams: { gameType: 'RNG', pageNo: 1 } }),
    ).resolves.toBe('from the page');
    expect(fetch).not.toHaveBeenCalled();
    // Asked again: the network's answer.
    await expect(
      http.get('/wps/relay/GCSGAME_gameList', { searchParams: { gameType: 'RNG', pageNo: 1 } }),
    ).resolves.toBe('from the network');
    await expect(http.post(STATUS_PATH, {})).resolves.toBe('from the network');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
