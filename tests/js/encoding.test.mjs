// The package's fallback UTF-8 TextEncoder/TextDecoder (pkg-template/encoding.js,
// installed only where the globals are missing, as in Jest's jsdom environment)
// against Node's own (the WHATWG Encoding Standard's UTF-8) on generated input:
// strings with lone surrogates and every plane, byte strings with every kind of
// ill-formed sequence.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Utf8Decoder, Utf8Encoder } from "../../pkg/encoding.js";

let seed = 88172645;
const rand = (n) => ((seed ^= seed << 13), (seed ^= seed >>> 17), (seed ^= seed << 5), (seed >>> 0) % n);

test("the fallback encoder gives Node's bytes, lone surrogates included, and encodeInto stops at a whole character", () => {
  const ours = new Utf8Encoder();
  const node = new TextEncoder();
  const pieces = [0x41, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffd, 0xffff];
  for (let t = 0; t < 2000; t++) {
    let s = "";
    for (let k = rand(12); k > 0; k--) s += rand(4) === 0 ? String.fromCodePoint(0x10000 + rand(0x100000)) : String.fromCharCode(rand(3) ? pieces[rand(pieces.length)] : rand(0x10000));
    assert.deepEqual(ours.encode(s), node.encode(s), JSON.stringify(s));
    const size = rand(10);
    const [a, b] = [new Uint8Array(size), new Uint8Array(size)];
    assert.deepEqual(ours.encodeInto(s, a), node.encodeInto(s, b), JSON.stringify(s));
    assert.deepEqual(a, b);
  }
});

test("the fallback decoder gives Node's text for well- and ill-formed bytes, with and without ignoreBOM", () => {
  const special = [0x00, 0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xa0, 0x9f, 0xed, 0xef, 0xf0, 0x90, 0x8f, 0xf4, 0xf5, 0xff, 0xbb];
  for (const ignoreBOM of [false, true]) {
    const ours = new Utf8Decoder("utf-8", { ignoreBOM });
    const node = new TextDecoder("utf-8", { ignoreBOM });
    for (let t = 0; t < 5000; t++) {
      const bytes = Uint8Array.from({ length: rand(10) }, () => (rand(2) ? special[rand(special.length)] : rand(256)));
      if (t % 7 === 0) bytes.set([0xef, 0xbb, 0xbf].slice(0, bytes.length));
      assert.equal(ours.decode(bytes), node.decode(bytes), `[${bytes}] ignoreBOM ${ignoreBOM}`);
    }
  }
  const long = new TextEncoder().encode("é日😀".repeat(20000));
  assert.equal(new Utf8Decoder().decode(long), "é日😀".repeat(20000));
  assert.equal(new Utf8Decoder().decode(), "");
  assert.throws(() => new Utf8Decoder("latin1"), RangeError);
});
