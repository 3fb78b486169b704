/**
 * Two places where happy-dom's DOM differs from a browser's (the DOM standard) in a way that matters
 * to a library the system ships: DOMPurify (src/applications/sheets/sanitize-html.ts) reads node names
 * through `Node.prototype`'s own getter and removes nodes while it walks a `NodeIterator`. Both are
 * made to behave as the standard says, in the harness's window only (README.md). The browser tests run
 * the same sanitizer in Chromium, which needs neither.
 *
 * - `Node.prototype.nodeName` answers each node's own name (happy-dom answers "" there and defines
 *   the real getter on each subclass).
 * - `document.createNodeIterator` returns an iterator that keeps its place when nodes are removed
 *   (the standard's "NodeIterator pre-removing steps"): happy-dom's walks on from a removed node's
 *   own children and loses the rest of the tree.
 */
import type { Window } from 'happy-dom';

type NodeLike = {
  nodeType: number;
  parentNode: NodeLike | null;
  firstChild: NodeLike | null;
  lastChild: NodeLike | null;
  nextSibling: NodeLike | null;
  previousSibling: NodeLike | null;
  contains(other: NodeLike | null): boolean;
};
type Filter = ((node: NodeLike) => number) | { acceptNode(node: NodeLike): number } | null;

const FILTER_ACCEPT = 1;

/** A NodeIterator as the DOM standard describes it (traversal, filtering, pre-removing steps). */
class ConformingNodeIterator {
  #reference: NodeLike;
  #beforeReference = true;

  constructor(
    readonly root: NodeLike,
    readonly whatToShow: number,
    readonly filter: Filter,
    private readonly live: Set<ConformingNodeIterator>,
  ) {
    this.#reference = root;
    live.add(this);
  }

  get referenceNode(): NodeLike {
    return this.#reference;
  }

  get pointerBeforeReferenceNode(): boolean {
    return this.#beforeReference;
  }

  #accepts(node: NodeLike): boolean {
    if (!((this.whatToShow >>> (node.nodeType - 1)) & 1)) return false;
    const filter = this.filter;
    if (!filter) return true;
    const answer = typeof filter === 'function' ? filter(node) : filter.acceptNode(node);
    return answer === FILTER_ACCEPT;
  }

  /** The node after `node` in tree order, within the root (null past its end). */
  #following(node: NodeLike, skipChildren = false): NodeLike | null {
    if (!skipChildren && node.firstChild) return node.firstChild;
    let at: NodeLike | null = node;
    while (at && at !== this.root && !at.nextSibling) at = at.parentNode;
    return at && at !== this.root ? at.nextSibling : null;
  }

  #preceding(node: NodeLike): NodeLike | null {
    if (node === this.root) return null;
    let at = node.previousSibling;
    if (!at) return node.parentNode;
    while (at.lastChild) at = at.lastChild;
    return at;
  }

  nextNode(): NodeLike | null {
    let node: NodeLike | null = this.#reference;
    let before = this.#beforeReference;
    for (;;) {
      if (before) before = false;
      else if (!(node = this.#following(node as NodeLike))) break;
      if (this.#accepts(node as NodeLike)) {
        this.#reference = node as NodeLike;
        this.#beforeReference = false;
        return node;
      }
    }
    this.live.delete(this);
    return null;
  }

  previousNode(): NodeLike | null {
    let node: NodeLike | null = this.#reference;
    let before = this.#beforeReference;
    for (;;) {
      if (!before) before = true;
      else if (!(node = this.#preceding(node as NodeLike))) return null;
      if (this.#accepts(node as NodeLike)) {
        this.#reference = node as NodeLike;
        this.#beforeReference = true;
        return node;
      }
    }
  }

  detach(): void {}

  /** The standard's pre-removing steps, before `removed` leaves the tree. */
  beforeRemoving(removed: NodeLike): void {
    if (removed === this.root || !removed.contains(this.#reference) || !this.root.contains(removed)) return;
    if (this.#beforeReference) {
      const next = this.#following(removed, true);
      if (next) {
        this.#reference = next;
        return;
      }
      this.#beforeReference = false;
    }
    this.#reference = this.#preceding(removed) ?? this.root;
  }
}

// A registered symbol: the integration files share one worker process (and happy-dom's prototypes,
// which all windows share) but each evaluates this module anew (test/harness/file-setup.ts); the
// prototypes are patched once per process, not again by each file.
const CONFORMED = Symbol.for('gng.conformed');

/** Makes `window`'s DOM behave as the standard says in the two places above (once per process). */
export function conformDom(window: Window): void {
  const NodeProto = window.Node.prototype as unknown as Record<PropertyKey, unknown>;
  if (NodeProto[CONFORMED]) return;
  NodeProto[CONFORMED] = true;

  const base = Object.getOwnPropertyDescriptor(NodeProto, 'nodeName');
  if (base?.get) {
    const baseGet = base.get;
    Object.defineProperty(NodeProto, 'nodeName', {
      ...base,
      get(this: object): unknown {
        for (let proto = Object.getPrototypeOf(this) as object | null; proto && proto !== NodeProto;) {
          const own = Object.getOwnPropertyDescriptor(proto, 'nodeName');
          if (own?.get) return own.get.call(this);
          proto = Object.getPrototypeOf(proto) as object | null;
        }
        return baseGet.call(this);
      },
    });
  }

  const live = new Set<ConformingNodeIterator>();
  // On the prototypes that hold them (the window's classes extend happy-dom's own).
  const documents = ownerOf(window.document, 'createNodeIterator');
  documents.createNodeIterator = function (root: NodeLike, whatToShow = 0xffffffff, filter: Filter = null) {
    return new ConformingNodeIterator(root, whatToShow, filter, live);
  };
  const nodes = ownerOf(window.document.createElement('div'), 'removeChild');
  const removeChild = nodes.removeChild as (this: NodeLike, child: NodeLike) => NodeLike;
  nodes.removeChild = function (this: NodeLike, child: NodeLike) {
    if (live.size && child?.parentNode === this) for (const iterator of live) iterator.beforeRemoving(child);
    return removeChild.call(this, child);
  };
}

/** The prototype in `object`'s chain that defines `key` itself. */
function ownerOf(object: object, key: string): Record<string, unknown> {
  for (
    let proto = Object.getPrototypeOf(object) as object | null;
    proto;
    proto = Object.getPrototypeOf(proto)
  )
    if (Object.prototype.hasOwnProperty.call(proto, key)) return proto as Record<string, unknown>;
  throw new Error(`conformDom: nothing defines ${key}`);
}
