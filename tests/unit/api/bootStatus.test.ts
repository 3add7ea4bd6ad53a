// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { takeBootStatus } from '../../../src/api/bootStatus';
import { BOOT_STATUS_ID } from '../../../src/shared/system';

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const script = doc.createElement('script');
  script.id = BOOT_STATUS_ID;
  script.type = 'application/json';
  script.textContent = json;
  doc.head.append(script);
  return doc;
}

describe('takeBootStatus', () => {
  it("takes the server's status answer once: the next read asks the server", () => {
    const status = { info: { brand: { name: 'A</script>' } }, seq: 3, maintenance: false };
    const doc = pageWith(JSON.stringify(status).replace(/</g, '\\u003c'));
    expect(takeBootStatus(doc)).toEqual(status);
    expect(doc.getElementById(BOOT_STATUS_ID)).toBeNull();
    expect(takeBootStatus(doc)).toBeNull();
  });

  it('reads nothing from a page without one, or with one it cannot read', () => {
    expect(takeBootStatus(document.implementation.createHTMLDocument('t'))).toBeNull();
    expect(takeBootStatus(pageWith('{not json'))).toBeNull();
    expect(takeBootStatus(pageWith('null'))).toBeNull();
    expect(takeBootStatus(pageWith('[1]'))).toBeNull();
  });
});
