import { describe, expect, it } from 'vitest';
import { cacheNames, isStaleCache, requestKind } from '../../../src/pwa/swRules';

const origin = 'https://play.example';
const get = (path: string, mode = 'cors', method = 'GET') => ({
  method,
  url: path.startsWith('http') ? path : `${origin}${path}`,
  mode,
});

describe('what the service worker does with a request', () => {
  it('answers page loads (network first, offline page on failure)', () => {
    for (const path of ['/', '/downloads/ios', '/member/securityCenter?x=1', '/dev/ui', '/agent']) {
      expect(requestKind(get(path, 'navigate'), origin), path).toBe('navigation');
    }
  });

  it('serves the hashed build files from its cache', () => {
    expect(requestKind(get('/assets/index-Ab12Cd.js', 'cors'), origin)).toBe('asset');
    expect(requestKind(get('/assets/index-Ab12Cd.css', 'no-cors'), origin)).toBe('asset');
  });

  it('never touches the API, socket.io or the operator calls, even as a page load', () => {
    for (const path of [
      '/wps/system/status',
      '/wps/member/info',
      '/WPS/member/info',
      '/ops/feedback',
      '/socket.io/?EIO=4&transport=websocket',
      '/lgw/vn/numeros/opened/game',
      '/lotto/lgw/games/opened/numero',
      '/wps/dev/sms',
    ]) {
      expect(requestKind(get(path), origin), path).toBe('pass');
      expect(requestKind(get(path, 'navigate'), origin), `${path} (navigate)`).toBe('pass');
    }
  });

  it('leaves other origins, other methods and other files alone', () => {
    expect(requestKind(get('https://cdn.example/assets/x.js'), origin)).toBe('pass');
    expect(requestKind(get('https://cdn.example/', 'navigate'), origin)).toBe('pass');
    expect(requestKind(get('/assets/x.js', 'cors', 'POST'), origin)).toBe('pass');
    expect(requestKind(get('/', 'navigate', 'POST'), origin)).toBe('pass');
    for (const path of [
      '/banners/welcome.svg',
      '/manifest.webmanifest',
      '/sw.js',
      '/favicon.svg',
    ]) {
      expect(requestKind(get(path), origin), path).toBe('pass');
    }
    expect(requestKind({ method: 'GET', url: 'not a url', mode: 'navigate' }, origin)).toBe('pass');
  });

  it("deletes only other builds' caches of its own", () => {
    const names = cacheNames('v2');
    expect(names).toEqual({ shell: 'shell-v2', assets: 'assets-v2' });
    expect(isStaleCache('shell-v1', 'v2')).toBe(true);
    expect(isStaleCache('assets-v1', 'v2')).toBe(true);
    expect(isStaleCache('shell-v2', 'v2')).toBe(false);
    expect(isStaleCache('assets-v2', 'v2')).toBe(false);
    expect(isStaleCache('someone-elses-cache', 'v2')).toBe(false);
  });
});
