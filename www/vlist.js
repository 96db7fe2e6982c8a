// A long list drawn in blocks, only the blocks near the screen in the DOM (a
// 50,000-call trace never makes 50,000 rows). Every block is one element in
// the host (after what it holds besides them, e.g. a table's caption and head): drawn (`draw(items, first)`, e.g. a <tbody> of rows or a <div> of
// sections) or a spacer of the height it had (estimated until first drawn).
// An IntersectionObserver draws a block as it comes within MARGIN of the
// screen and puts a spacer back for one that went far off; the browser's
// scroll anchoring keeps the view still when a block above it changes height.

const MARGIN = "1500px 0px";

export class BlockList {
  /**
   * @param {Element} host where the blocks go (a <table> or a <div>)
   * @param {{ size?: number, estimate?: number, draw: (items: any[], first: number) => Element, spacer: (height: number) => Element }} o
   *   `size` items a block, `estimate` px an item before it was drawn
   */
  constructor(host, o) {
    this.host = host;
    this.size = o.size ?? 100;
    this.estimate = o.estimate ?? 40;
    this.drawBlock = o.draw;
    this.makeSpacer = o.spacer;
    this.items = [];
    this.blocks = []; // { el, drawn, height }
    this.index = new WeakMap(); // block element -> block number
    this.io = typeof IntersectionObserver === "function" ? new IntersectionObserver((es) => this.seen(es), { rootMargin: MARGIN }) : null;
  }

  /** Shows `items`: the first `eager` blocks drawn at once, the others as they come near the screen. */
  set(items, eager = 1) {
    this.io?.disconnect();
    for (const b of this.blocks) b.el?.remove();
    this.items = items;
    this.blocks = [];
    const n = Math.ceil(items.length / this.size);
    const els = [];
    for (let b = 0; b < n; b++) {
      const count = Math.min(this.size, items.length - b * this.size);
      const block = { el: null, drawn: false, height: count * this.estimate };
      this.blocks.push(block);
      // Without an IntersectionObserver every block is drawn.
      els.push(this.place(b, b < eager || this.io === null));
    }
    this.host.append(...els);
    for (const e of els) this.io?.observe(e);
  }

  /** The element for block `b`, drawn or a spacer. */
  place(b, drawn) {
    const block = this.blocks[b];
    const first = b * this.size;
    const e = drawn ? this.drawBlock(this.items.slice(first, first + this.size), first) : this.makeSpacer(block.height);
    e.classList.add(drawn ? "vblock" : "vspacer");
    block.el = e;
    block.drawn = drawn;
    this.index.set(e, b);
    return e;
  }

  swap(b, drawn) {
    const old = this.blocks[b].el;
    if (!old.isConnected) return;
    const next = this.place(b, drawn);
    this.io?.unobserve(old);
    old.replaceWith(next);
    this.io?.observe(next);
  }

  seen(entries) {
    for (const e of entries) {
      const b = this.index.get(e.target);
      if (b === undefined || this.blocks[b]?.el !== e.target) continue;
      const block = this.blocks[b];
      if (e.isIntersecting && !block.drawn) this.swap(b, true);
      else if (!e.isIntersecting && block.drawn && e.boundingClientRect.height > 0) {
        block.height = e.boundingClientRect.height;
        this.swap(b, false);
      }
    }
  }

  /** Draws the block holding item `i` (at once) and returns its element. */
  reveal(i) {
    const b = Math.floor(i / this.size);
    if (!this.blocks[b]) return null;
    if (!this.blocks[b].drawn) this.swap(b, true);
    return this.blocks[b].el;
  }

  /** How many blocks are drawn now. */
  get drawnCount() {
    return this.blocks.filter((b) => b.drawn).length;
  }
}
