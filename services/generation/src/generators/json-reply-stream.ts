/**
 * What a reply read so far has completed: a top-level string field, a member (string, number, true,
 * false, null) of an element of the watched array, or the element itself.
 */
export type JsonReplyEvent =
  | { kind: 'field'; key: string; value: string }
  | { kind: 'member'; index: number; key: string; value: unknown }
  | { kind: 'element'; index: number; value: unknown };

interface Frame {
  container: 'object' | 'array';
  /** In an object: the key whose value comes next ('' while a key is being read). */
  key: string;
  expectingKey: boolean;
}

/**
 * Reads a JSON object as it arrives, in pieces cut anywhere (inside a string, an escape or a UTF-8
 * character), and reports each element of one top-level array (`{"steps": [{…}, {…}]}`) the moment
 * its closing bracket arrives, and each top-level string field the moment its closing quote does.
 * Text before the first `{` (a code fence a model adds, a reasoning model's `<think>` block) is skipped.
 */
const THINK_END = '</think>';

export class JsonReplyStream {
  private readonly decoder = new TextDecoder();
  private text = '';
  private position = 0;
  private readonly stack: Frame[] = [];
  private inString = false;
  private escaped = false;
  private stringStart = -1;
  private elementStart = -1;
  private elements = 0;
  /** Where a number or literal (true, false, null) being read began. */
  private literalStart = -1;
  private events: JsonReplyEvent[] = [];
  private started = false;
  /** Inside the `<think>…</think>` a reasoning model writes before its reply (Ollama, vLLM). */
  private thinking = false;
  /** Where the text has been searched for a closing think tag up to. */
  private thinkingSeenTo = 0;
  private finished = false;

  constructor(private readonly arrayKey: string) {}

  /** True once the top-level object has closed. */
  get complete(): boolean {
    return this.finished;
  }

  push(piece: string | Uint8Array): JsonReplyEvent[] {
    const before = this.text.length;
    this.text += typeof piece === 'string' ? piece : this.decoder.decode(piece, { stream: true });
    this.restartAfterThinking(before);
    for (; this.position < this.text.length && !this.finished; this.position++) {
      const event = this.read(this.text[this.position]);
      if (event) this.events.push(event);
    }
    const events = this.events;
    this.events = [];
    return events;
  }

  private read(char: string): JsonReplyEvent | null {
    if (!this.started) {
      if (char === '>') this.thinking = this.closesTag('<think>') || (this.thinking && !this.closesTag('</think>'));
      if (char !== '{' || this.thinking) return null;
      this.started = true;
    }
    if (this.inString) return this.readString(char);
    if (this.literalStart >= 0) {
      if (/[\w.+-]/.test(char)) return null;
      this.endLiteral();
    }
    const top = this.stack.at(-1);
    switch (char) {
      case '"':
        this.inString = true;
        this.stringStart = this.position;
        return null;
      case '{':
      case '[':
        if (this.stack.length === 2 && this.isWatchedArray(top)) {
          this.elementStart = this.position;
          this.elements++;
        }
        this.stack.push({ container: char === '{' ? 'object' : 'array', key: '', expectingKey: char === '{' });
        return null;
      case '}':
      case ']':
        return this.close();
      case ',':
        if (top?.container === 'object') top.expectingKey = true;
        return null;
      default:
        if (/[\w.+-]/.test(char)) this.literalStart = this.position;
        return null;
    }
  }

  /**
   * A model whose chat template opens its think block in the prompt sends only the closing tag: what
   * came before it was reasoning (braces and all), and the reply starts again after it.
   */
  private restartAfterThinking(before: number): void {
    const from = Math.max(this.thinkingSeenTo, before - THINK_END.length);
    const found = this.text.slice(from).toLowerCase().indexOf(THINK_END);
    if (found < 0) return;
    const end = from + found;
    this.thinkingSeenTo = end + THINK_END.length;
    this.position = this.thinkingSeenTo;
    this.stack.length = 0;
    this.inString = this.escaped = this.started = this.thinking = this.finished = false;
    this.stringStart = this.elementStart = this.literalStart = -1;
    this.elements = 0;
    this.events = [];
  }

  /** Whether the character just read ends this tag (its pieces may have arrived apart). */
  private closesTag(tag: string): boolean {
    return this.text.slice(this.position + 1 - tag.length, this.position + 1).toLowerCase() === tag;
  }

  private endLiteral(): void {
    const value: unknown = JSON.parse(this.text.slice(this.literalStart, this.position));
    this.literalStart = -1;
    const member = this.member(value);
    if (member) this.events.push(member);
  }

  /** A value just read directly inside an element of the watched array, as a member of that element. */
  private member(value: unknown): JsonReplyEvent | null {
    const top = this.stack.at(-1);
    if (this.stack.length !== 3 || this.elementStart < 0 || top?.container !== 'object') return null;
    return { kind: 'member', index: this.elements - 1, key: top.key, value };
  }

  private readString(char: string): JsonReplyEvent | null {
    if (this.escaped) {
      this.escaped = false;
      return null;
    }
    if (char === '\\') {
      this.escaped = true;
      return null;
    }
    if (char !== '"') return null;
    this.inString = false;
    const value = JSON.parse(this.text.slice(this.stringStart, this.position + 1)) as string;
    const top = this.stack.at(-1);
    if (top?.container !== 'object') return null;
    if (top.expectingKey) {
      top.key = value;
      top.expectingKey = false;
      return null;
    }
    return this.stack.length === 1 ? { kind: 'field', key: top.key, value } : this.member(value);
  }

  private close(): JsonReplyEvent | null {
    this.stack.pop();
    if (this.stack.length === 0) {
      this.finished = true;
      return null;
    }
    if (this.stack.length === 2 && this.elementStart >= 0 && this.isWatchedArray(this.stack[1])) {
      const value: unknown = JSON.parse(this.text.slice(this.elementStart, this.position + 1));
      this.elementStart = -1;
      return { kind: 'element', index: this.elements - 1, value };
    }
    return null;
  }

  private isWatchedArray(frame: Frame | undefined): boolean {
    return frame?.container === 'array' && this.stack[0]?.key === this.arrayKey;
  }
}
