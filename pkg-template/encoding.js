// UTF-8 TextEncoder/TextDecoder for JavaScript environments that lack them,
// installed on globalThis only when missing. Jest's jsdom environment is one:
// its global is jsdom's window, which has neither, so the wasm-bindgen glue
// and the package stopped at "TextEncoder is not defined". The behaviour is
// the WHATWG Encoding Standard's UTF-8 encoder and decoder
// (https://encoding.spec.whatwg.org/#utf-8): a lone surrogate encodes as
// U+FFFD, each maximal ill-formed subsequence decodes to one U+FFFD, a leading
// BOM is dropped unless `ignoreBOM`. tests/js/encoding.test.mjs compares both
// with Node's own on generated input.

const REPLACEMENT = 0xfffd;

/** `TextEncoder` (UTF-8 only). */
export class Utf8Encoder {
  get encoding() {
    return "utf-8";
  }

  /** @param {string} [input] @returns {Uint8Array} */
  encode(input = "") {
    const s = String(input);
    const out = new Uint8Array(s.length * 3);
    return out.slice(0, this.encodeInto(s, out).written);
  }

  /** @param {string} s @param {Uint8Array} dest @returns {{ read: number, written: number }} */
  encodeInto(s, dest) {
    let read = 0;
    let written = 0;
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      let units = 1;
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        c = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(i + 1) - 0xdc00);
        units = 2;
      } else if (c >= 0xd800 && c <= 0xdfff) {
        c = REPLACEMENT;
      }
      const n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
      if (written + n > dest.length) break;
      if (n === 1) {
        dest[written++] = c;
      } else {
        const lead = [0, 0, 0xc0, 0xe0, 0xf0][n];
        dest[written++] = lead | (c >> (6 * (n - 1)));
        for (let k = n - 2; k >= 0; k--) dest[written++] = 0x80 | ((c >> (6 * k)) & 0x3f);
      }
      read += units;
      i += units - 1;
    }
    return { read, written };
  }
}

/** `TextDecoder` (UTF-8 only, not streaming, never fatal). */
export class Utf8Decoder {
  /** @param {string} [label] @param {{ ignoreBOM?: boolean, fatal?: boolean }} [options] */
  constructor(label = "utf-8", options = {}) {
    if (!/^\s*(utf-?8|unicode-1-1-utf-8)\s*$/i.test(String(label))) throw new RangeError(`mcp-matchers: only UTF-8 can be decoded here, not ${label}`);
    if (options.fatal) throw new TypeError("mcp-matchers: the fallback TextDecoder is never fatal");
    this.ignoreBOM = options.ignoreBOM === true;
  }

  get encoding() {
    return "utf-8";
  }

  /** @param {ArrayBufferView|ArrayBuffer} [input] @returns {string} */
  decode(input) {
    if (input === undefined) return "";
    const b = input instanceof Uint8Array ? input : ArrayBuffer.isView(input) ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength) : new Uint8Array(input);
    let i = !this.ignoreBOM && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
    const units = [];
    let out = "";
    const flush = () => {
      out += String.fromCharCode.apply(null, units);
      units.length = 0;
    };
    while (i < b.length) {
      const c = b[i];
      let cp = REPLACEMENT;
      let n = 1;
      // The lead byte's length and the range of its first continuation byte (Encoding Standard, UTF-8 decoder).
      const [need, lo, hi] =
        c < 0x80 ? [0, 0, 0] : c >= 0xc2 && c <= 0xdf ? [1, 0x80, 0xbf] : c === 0xe0 ? [2, 0xa0, 0xbf] : c === 0xed ? [2, 0x80, 0x9f] : c >= 0xe1 && c <= 0xef ? [2, 0x80, 0xbf] : c === 0xf0 ? [3, 0x90, 0xbf] : c === 0xf4 ? [3, 0x80, 0x8f] : c >= 0xf1 && c <= 0xf3 ? [3, 0x80, 0xbf] : [-1, 0, 0];
      if (need === 0) {
        cp = c;
      } else if (need > 0) {
        let v = c & (0x3f >> need);
        let k = 1;
        for (; k <= need; k++) {
          const d = b[i + k];
          const [min, max] = k === 1 ? [lo, hi] : [0x80, 0xbf];
          if (d === undefined || d < min || d > max) break;
          v = (v << 6) | (d & 0x3f);
        }
        if (k > need) cp = v;
        n = k; // a complete sequence, or the maximal ill-formed subpart (one U+FFFD)
      }
      if (cp >= 0x10000) units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
      else units.push(cp);
      if (units.length >= 8192) flush();
      i += n;
    }
    flush();
    return out;
  }
}

if (typeof globalThis.TextEncoder === "undefined") globalThis.TextEncoder = Utf8Encoder;
if (typeof globalThis.TextDecoder === "undefined") globalThis.TextDecoder = Utf8Decoder;
