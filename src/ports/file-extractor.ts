import type { FileKind } from '../text/file-kind.ts';
import type { IndexPiece } from '../text/index-pieces.ts';
import type { ExtractedSection } from '../text/extracted.ts';

/** A file's text as passages ready to embed. */
export interface ExtractedForIndex {
  kind: FileKind;
  pieces: IndexPiece[];
  /** The text as extracted, block by block (kept for the source viewer). */
  sections: ExtractedSection[];
}

/** Reads an uploaded file's text, off the event loop and bounded in threads, queue and memory. */
export interface FileExtractor {
  /**
   * A place in the extraction queue, taken before the upload's body is read so that a full queue
   * refuses it before its bytes are in memory: ServiceUnavailableError (503, Retry-After) when full.
   */
  admit(): ExtractionTicket;
  /**
   * Reads a file without taking a place: for an ingestion job, whose upload took its place on the
   * node that received it, and whose consumers are bounded by their own concurrency.
   */
  extract(input: { bytes: Uint8Array; filename: string }, signal?: AbortSignal): Promise<ExtractedForIndex>;
  /** Uploads admitted (running or waiting), and the threads alive (idle ones end). */
  load(): { running: number; queued: number; threads: number };
  close(): Promise<void>;
}

export interface ExtractionTicket {
  /**
   * Rejects with an ExtractError for a file it refuses, and with the signal's reason when `signal`
   * fires (the work in progress is stopped). Once per ticket.
   */
  extract(input: { bytes: Uint8Array; filename: string }, signal?: AbortSignal): Promise<ExtractedForIndex>;
  /** Gives the place back; idempotent. Call it however the upload ends. */
  release(): void;
}
