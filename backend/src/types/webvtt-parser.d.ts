/** The part of webvtt-parser 2.2 (no types of its own) that the captions parser uses. */
declare module 'webvtt-parser' {
  export interface WebVTTNode {
    type: 'object' | 'text' | 'timestamp';
    name?: string;
    value?: string | number;
    classes?: string[];
    children?: WebVTTNode[];
  }
  export interface WebVTTCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
    tree: { children: WebVTTNode[] };
  }
  export interface WebVTTResult {
    cues: WebVTTCue[];
    errors: { message: string; line: number; col?: number }[];
  }
  export class WebVTTParser {
    parse(input: string, mode?: 'metadata' | 'chapters'): WebVTTResult;
  }
}
