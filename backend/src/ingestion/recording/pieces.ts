import type { Silence } from '../../media/ffmpeg';

/** One piece of a recording sent in one transcription request, in seconds of the recording. */
export interface Piece {
  start: number;
  end: number;
}

/**
 * A cut is looked for in a silence within the last part of each piece: from this share of the piece
 * length on (a piece cut on silence is at least half the longest one, so there are not many more requests).
 */
const EARLIEST_CUT = 0.5;
/** A remainder shorter than this (seconds) joins the piece before it instead of being sent alone. */
const SHORTEST_PIECE = 1;

/**
 * Splits `duration` seconds into pieces of at most `pieceSeconds`, each cut in the middle of the
 * latest silence in its second half, or at exactly `pieceSeconds` where there is none (speech
 * without pauses). Pieces are contiguous: each one starts where the previous one ends. A remainder
 * under SHORTEST_PIECE joins the last piece, which may so be up to a second longer (the encoded
 * pieces stay far under the endpoint's 25 MB: TRANSCRIPTION_PIECE_SECONDS is at most 3,000 s, 12 MB).
 */
export function planPieces(duration: number, silences: Silence[], pieceSeconds: number): Piece[] {
  const pieces: Piece[] = [];
  let cursor = 0;
  while (duration - cursor > pieceSeconds) {
    const latest = cursor + pieceSeconds;
    const earliest = cursor + pieceSeconds * EARLIEST_CUT;
    const middles = silences.map((s) => (s.start + s.end) / 2).filter((m) => m >= earliest && m <= latest);
    const cut = middles.length ? Math.max(...middles) : latest;
    pieces.push({ start: cursor, end: cut });
    cursor = cut;
  }
  if (pieces.length && duration - cursor < SHORTEST_PIECE) pieces[pieces.length - 1].end = duration;
  else pieces.push({ start: cursor, end: duration });
  return pieces;
}
