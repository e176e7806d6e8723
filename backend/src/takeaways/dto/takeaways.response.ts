/** POST /api/takeaways: 5–10 takeaways; both empty when no selected session has a processed document. */
export class TakeawaysResult {
  takeaways: string[];
  /** Parallel to `takeaways`: the title of the session each comes from. */
  sources: string[];
}
