import { createHash } from 'node:crypto';
import { Transform, TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';

/** What is learnt about a file while it streams to disk, so it is never read twice to be checked. */
export interface FileFacts {
  bytes: number;
  sha256: string;
  /** The first bytes (up to 1 KB): magic numbers and the first characters. */
  head: Buffer;
  /** True when a NUL byte occurs anywhere (binary, or UTF-16 text). */
  hasNul: boolean;
  /** True when the whole file is valid UTF-8. */
  validUtf8: boolean;
}

const HEAD_BYTES = 1024;

/**
 * A pass-through stream that hashes, counts and inspects the bytes flowing through it.
 * `facts()` is complete once the stream has ended.
 */
export class FileSniffer extends Transform {
  private readonly hash = createHash('sha256');
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private bytes = 0;
  private head = Buffer.alloc(0);
  private hasNul = false;
  private validUtf8 = true;

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.inspect(chunk);
    cb(null, chunk);
  }

  override _flush(cb: TransformCallback): void {
    if (this.validUtf8) {
      try {
        this.decoder.decode();
      } catch {
        this.validUtf8 = false;
      }
    }
    cb();
  }

  private inspect(chunk: Buffer): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (this.head.length < HEAD_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    }
    if (!this.hasNul && chunk.includes(0)) this.hasNul = true;
    if (this.validUtf8) {
      try {
        this.decoder.decode(chunk, { stream: true });
      } catch {
        this.validUtf8 = false;
      }
    }
  }

  facts(): FileFacts {
    return {
      bytes: this.bytes,
      sha256: this.hash.copy().digest('hex'),
      head: this.head,
      hasNul: this.hasNul,
      validUtf8: this.validUtf8,
    };
  }
}
