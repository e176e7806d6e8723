/**
 * Generated from docs/openapi.json by scripts/api-types.mjs (openapi-typescript): do not edit.
 * Regenerate with `npm run openapi` after changing a controller or a DTO of the backend.
 */


export interface paths {
  "/api/environment": {
    get: operations["Auth_environment"];
  };
  "/api/auth/user": {
    get: operations["Auth_user"];
  };
  "/api/login": {
    /** Where the spec sends a signed-out admin: a page that mails a sign-in link. */
    get: operations["Auth_loginPage"];
    post: operations["Auth_login"];
  };
  "/api/quick-login": {
    post: operations["Auth_quickLogin"];
  };
  "/api/logout": {
    post: operations["Auth_logout"];
  };
  "/api/auth/link": {
    /** Sends a sign-in link to a privileged address. Answers the same for every address. */
    post: operations["Auth_requestLink"];
  };
  "/api/auth/verify": {
    /**
     * The emailed link: a page that posts the token to POST /api/auth/verify (by its script, or its
     * button when scripts are off). A GET changes nothing, so a mail scanner opening the link neither
     * uses it up nor receives a session.
     */
    get: operations["Auth_openLink"];
    /**
     * Uses a sign-in link: JSON `{token}` or a form field `token`. Opens the privileged session and
     * redirects to its console; an unknown, used or expired token redirects to the sign-in page.
     */
    post: operations["Auth_verify"];
  };
  "/api/auth/verify.js": {
    /** The script of the page above (the page's CSP allows scripts from this origin only, no inline script). */
    get: operations["Auth_openLinkScript"];
  };
  "/api/conference": {
    get: operations["Conference_get"];
  };
  "/api/admin/conference": {
    put: operations["Conference_update"];
  };
  "/api/sessions": {
    /** Attendee view (sessions with documents); `?includeAll=true` every session; `?admin=true` (admins) with documents. */
    get: operations["Sessions_list"];
  };
  "/api/sessions/calendar.ics": {
    /** The listed sessions (`?ids=a,b,c`, at most 50) as one .ics, in the conference's time zone. */
    get: operations["Sessions_calendarOfMany"];
  };
  "/api/sessions/{id}/calendar.ics": {
    /** One session as an .ics event ("Add to calendar"), in the conference's time zone. */
    get: operations["Sessions_calendarOfOne"];
  };
  "/api/sessions/{id}": {
    /** One session, documented or not (its documents listed for admins). */
    get: operations["Sessions_getOne"];
  };
  "/api/admin/export-sessions": {
    /** Every session as the JSON attachment sessions_export_YYYY-MM-DD.json: the super admin's export file. */
    get: operations["Sessions_exportSessions"];
  };
  "/api/admin/session": {
    post: operations["Sessions_create"];
  };
  "/api/admin/session/{id}": {
    put: operations["Sessions_update"];
    delete: operations["Sessions_remove"];
  };
  "/api/admin/upload": {
    post: operations["Documents_upload"];
  };
  "/api/admin/recordings": {
    /**
     * Upload a recording (audio, video) or captions (.vtt, .srt) as the session's transcript
     * @description Not in the spec (added): the Recordings tab. Captions are read as they are; recordings are transcribed by the OpenAI-compatible transcription endpoint (refused with 400 under AI_PROVIDER=local). Limits: RECORDING_MAX_MB, RECORDING_MAX_HOURS.
     */
    post: operations["Documents_uploadRecording"];
  };
  "/api/admin/documents": {
    get: operations["Documents_list"];
  };
  "/api/admin/documents/export-list": {
    get: operations["Documents_exportList"];
  };
  "/api/admin/documents/{id}/download": {
    get: operations["Documents_download"];
  };
  "/api/admin/ingest/{id}": {
    post: operations["Documents_reprocess"];
  };
  "/api/admin/documents/{id}": {
    delete: operations["Documents_remove"];
  };
  "/api/documents/{id}/view": {
    get: operations["DocumentView_view"];
  };
  "/api/chat/start": {
    post: operations["Chat_start"];
  };
  "/api/chat/assistant": {
    get: operations["Chat_assistant"];
  };
  "/api/chat/threads": {
    get: operations["Chat_threads"];
  };
  "/api/chat/threads/{threadId}": {
    delete: operations["Chat_deleteThread"];
  };
  "/api/chat/messages/{threadId}": {
    get: operations["Chat_messages"];
  };
  "/api/chat/stream": {
    post: operations["Chat_stream"];
  };
  "/api/chat/message": {
    post: operations["Chat_message"];
  };
  "/api/chat/simple": {
    post: operations["Chat_simple"];
  };
  "/api/chat/feedback": {
    post: operations["Chat_feedback"];
  };
  "/api/email/chat-history": {
    post: operations["Chat_emailHistory"];
  };
  "/api/takeaways": {
    post: operations["Takeaways_generate"];
  };
  "/api/email/takeaways": {
    post: operations["Takeaways_email"];
  };
  "/api/search": {
    get: operations["Search_search"];
  };
  "/api/admin/users/chat-history": {
    get: operations["Admin_chatHistory"];
  };
  "/api/admin/users/actions": {
    /** The activity log, newest first; `X-Total-Count` carries the number of matching actions. */
    get: operations["Admin_actions"];
  };
  "/api/admin/users/{userId}/chats": {
    get: operations["Admin_userChats"];
  };
  "/api/admin/openai-usage": {
    get: operations["Billing_usage"];
  };
  "/api/admin/openai-costs": {
    get: operations["Billing_costs"];
  };
  "/api/admin/insights": {
    get: operations["Insights_get"];
  };
  "/api/superadmin/analytics": {
    get: operations["Superadmin_analytics"];
  };
  "/api/superadmin/export-sessions": {
    /** A JSON attachment named sessions_export_YYYY-MM-DD.json (the conference's date). */
    get: operations["Superadmin_exportSessions"];
  };
  "/api/superadmin/import-sessions": {
    /**
     * Imports a program: the export's `{sessions}`, a published JSON program as the body itself, or a
     * file wrapped as text (`{xml}`, `{ics}`, `{csv}`, `{xlsx}`). The body is read by shape in the
     * service (a DTO would strip a published program's fields), so it is taken as it came. A body that
     * cannot carry the flags (a bare array, a raw file) gives them in the query string.
     */
    post: operations["Superadmin_importSessions"];
  };
  "/api/health": {
    get: operations["Health_live"];
  };
  "/api/ready": {
    get: operations["Health_ready"];
  };
  "/api/metrics": {
    get: operations["Metrics_scrape"];
  };
}

export type webhooks = Record<string, never>;

export interface components {
  schemas: {
    EnvironmentResponse: {
      isProduction: boolean;
    };
    UserResponse: {
      id: string;
      email: string;
      firstName: string;
      lastName: string;
      company: string;
      /** @description First and last name joined. */
      name: string;
      /**
       * @description What this session may do.
       * @enum {string}
       */
      role: "attendee" | "admin" | "superadmin";
      isAdmin: boolean;
      /**
       * @description True when a privileged session holds less than its account now does (an address promoted after
       * its link was opened). Never true for an attendee session: whether an address is privileged is
       * not told to whoever signs in with it by form.
       */
      verificationPending: boolean;
    };
    LoginDto: {
      email: string;
      firstName: string;
      lastName?: string;
      company?: string;
    };
    LoginResponse: {
      user: components["schemas"]["UserResponse"];
      /** @description Always false: a privileged address gets its link by mail, and the answer does not tell it apart. */
      signInLinkSent: boolean;
    };
    QuickLoginResponse: {
      user: components["schemas"]["UserResponse"];
    };
    LogoutResponse: {
      success: boolean;
    };
    SignInLinkDto: {
      email: string;
    };
    MessageResponse: {
      message: string;
    };
    ConferenceResponse: {
      name: string;
      /** @description 'YYYY-MM-DD', Day 1 */
      startDate: string;
      /** @description 'YYYY-MM-DD' */
      endDate: string;
      venue: string;
      /** @description IANA time zone in which session times are given, such as 'Europe/Paris'. */
      timeZone: string;
      /** @description The header's name for the conference. */
      shortName: string;
      /** @description The program's languages, BCP-47 primary tags: ['en']. */
      languages: string[];
      /** @description The chat's suggested questions (0-6). */
      suggestedQuestions: string[];
    };
    ConferenceInputDto: {
      name?: string;
      /** @description 'YYYY-MM-DD' */
      startDate?: string;
      /** @description 'YYYY-MM-DD' */
      endDate?: string;
      venue?: string;
      /** @description IANA name, such as 'Europe/Paris'. */
      timeZone?: string;
      /** @description The header's name for the conference, a short form of its name (at most 40 characters). */
      shortName?: string;
      /** @description The program's languages, BCP-47 primary tags: ['en'], ['fr', 'en'] (1-10; checked by the service). */
      languages?: string[];
      /** @description The chat's suggested questions: 0-6, each 1-300 characters (trimmed). */
      suggestedQuestions?: string[];
    };
    SessionDocumentResponse: {
      id: string;
      /** @enum {string} */
      kind: "transcript" | "pdf";
      originalFilename: string;
      /** @enum {string} */
      status: "error" | "uploaded" | "chunked" | "embedded";
    };
    SessionResponse: {
      id: string;
      title: string;
      speakers: string[];
      tags: string[];
      /** @enum {string} */
      format: "keynote" | "panel" | "workshop" | "fireside" | "roundtable" | "lightning" | "concurrent";
      /** @description ISO 8601. */
      date: string | null;
      /** @description Conference day, from 1. */
      day: number | null;
      /** @description '9:30 AM' */
      startTime: string | null;
      endTime: string | null;
      location: string | null;
      /** @description The abstract, plain text ('' when none). */
      description: string;
      /** @description The session's id in the program it was imported from ('pretalx:VT7MDZ'); null when created here. */
      externalId: string | null;
      documentsCount: number;
      hasDocuments: boolean;
      /** @description 'transcript' before 'pdf'. */
      documentTypes: ("transcript" | "pdf")[];
      /**
       * @description 'none' without documents, 'available' once one document is embedded, else 'processing'.
       * @enum {string}
       */
      contentStatus: "none" | "processing" | "available";
      /** @description Only in the admin view (`?admin=true`) and in the answers of POST/PUT. */
      documents?: components["schemas"]["SessionDocumentResponse"][];
    };
    SessionExportRow: {
      id: string;
      title: string;
      description: string;
      speakers: string[];
      tags: string[];
      /** @enum {string} */
      format: "keynote" | "panel" | "workshop" | "fireside" | "roundtable" | "lightning" | "concurrent";
      date: string | null;
      day: number | null;
      startTime: string | null;
      endTime: string | null;
      location: string | null;
      /** @description The session's id in the program it was imported from; null when created here. */
      externalId: string | null;
    };
    SessionExportFile: {
      exportedAt: string;
      sessions: components["schemas"]["SessionExportRow"][];
    };
    SessionInputDto: {
      title: string;
      speakers?: string[];
      tags?: string[];
      /** @description ISO 8601; without an offset it is conference time (the conference settings' time zone). null or '' = not scheduled. */
      date?: string | null;
      /**
       * @description One of SESSION_FORMATS, matched by keyword ('Fireside Chat' → fireside); '' or null = panel.
       * @enum {string}
       */
      format?: "keynote" | "panel" | "workshop" | "fireside" | "roundtable" | "lightning" | "concurrent";
      day?: number | null;
      startTime?: string | null;
      endTime?: string | null;
      location?: string | null;
      /** @description The abstract, plain text, at most 10,000 characters; null or '' clears it. */
      description?: string | null;
    };
    DocumentResponse: {
      id: string;
      /** @enum {string} */
      kind: "transcript" | "pdf";
      sessionId: string;
      sessionTitle: string | null;
      originalFilename: string;
      storagePath: string;
      mimeType: string;
      bytes: number;
      /** @enum {string} */
      status: "error" | "uploaded" | "chunked" | "embedded";
      error: string | null;
      createdAt: string;
      updatedAt: string;
      uploaderName: string | null;
      progressPercent: number;
      progressStage: string | null;
      estimatedTimeRemaining: number | null;
      totalChunks: number;
      processedChunks: number;
      embeddingModel: string | null;
      version: number;
      /** @description PDF pages whose text was read by OCR (they had no usable text layer), ascending; empty otherwise. */
      ocrPages: number[];
    };
    ExportedDocument: {
      id: string;
      filename: string;
      /** @enum {string} */
      kind: "transcript" | "pdf";
      bytes: number;
      createdAt: string;
    };
    ExportListSession: {
      sessionTitle: string;
      /** @description Newest first. */
      documents: components["schemas"]["ExportedDocument"][];
    };
    StartChatDto: {
      sessionFilter?: string[];
    };
    StartChatResponse: {
      id: string;
    };
    AssistantInfoResponse: {
      /** @enum {string} */
      provider: "local" | "openai";
    };
    ChatThreadSummary: {
      id: string;
      /** @description The conversation's first question, cut to 120 characters. */
      title: string;
      createdAt: string;
      /** @description When its last message was stored. */
      updatedAt: string;
      messageCount: number;
    };
    SourceExcerptLine: {
      line: number;
      text: string;
      /** @description The turn the marker points at. */
      cited: boolean;
    };
    Source: {
      /** @description '' for a program entry (kind 'session'): it cites the session itself, no document. */
      documentId: string;
      sessionId: string;
      sessionTitle: string;
      /**
       * @description 'session': a program entry ('[Session: Title]'); the snippet gives its day, time, room and speakers.
       * @enum {string}
       */
      kind: "transcript" | "pdf" | "session";
      page?: number;
      /** @description Seconds from the start of the recording. */
      startTime?: number;
      /** @description Untimed transcripts: the cited turn's first and last line in the uploaded file (1-based). */
      line?: number;
      lineEnd?: number;
      /**
       * @description The marker as it appears in the answer: '[p. 3]', '[12:34]', '[line 112]', '[Lender Panel, p. 3]',
       * '[Session: Title]'. The grammar of markers is `CITATION_MARKER` (x-constants of this schema).
       */
      marker: string;
      snippet: string;
      /**
       * @description Untimed transcripts: the turns of the passage around the cited one, each with its file line;
       * `cited` marks the turn(s) the marker points at (the client highlights them).
       */
      excerpt?: components["schemas"]["SourceExcerptLine"][];
      score: number;
    };
    ChatMessageResponse: {
      id: string;
      /** @enum {string} */
      role: "user" | "assistant";
      content: string;
      createdAt: string;
      sources: components["schemas"]["Source"][];
      /**
       * @description The user's rating of an answer ('Helpful' up, 'Not helpful' down); only when given.
       * @enum {string}
       */
      rating?: "up" | "down";
      feedbackComment?: string;
    };
    /** @enum {string} */
    ChatStatus: "Searching conference documents" | "Analyzing relevant content" | "Generating comprehensive answer";
    ChatStatusEvent: {
      status: components["schemas"]["ChatStatus"];
    };
    ChatContentEvent: {
      /** @description A delta of the answer's text. */
      content: string;
    };
    ChatSourcesEvent: {
      sources: components["schemas"]["Source"][];
    };
    ChatErrorEvent: {
      /** @description 'Something went wrong while answering. Please try again.' */
      error: string;
    };
    SendMessageDto: {
      threadId: string;
      message: string;
      sessionIds?: string[];
    };
    ChatAnswer: {
      /**
       * @description How well the materials cover the question, from 0 to 1 (the local answerer's coverage score): below
       * the refusal threshold the answer is the refusal, a little above it the answer says its passages may
       * not answer the question. POST /api/chat/simple only; absent when the provider does not score it.
       */
      coverage?: number;
      content: string;
      /** @description Only the cited passages, in order of first citation. */
      sources: components["schemas"]["Source"][];
    };
    FeedbackDto: {
      messageId: string;
      /** @enum {string} */
      rating: "up" | "down";
      comment?: string;
    };
    FeedbackResponse: {
      messageId: string;
      /** @enum {string} */
      rating: "up" | "down";
      /** @description Kept only with 'down'. */
      comment: string | null;
    };
    EmailChatHistoryDto: {
      recipientEmail: string;
      /** @description Missing or not the user's: 404 'No active chat to send' (from the service). */
      threadId?: string;
    };
    TakeawaysDto: {
      sessionIds?: string[];
      useAllSessions?: boolean;
    };
    TakeawaysResult: {
      takeaways: string[];
      /** @description Parallel to `takeaways`: the title of the session each comes from. */
      sources: string[];
    };
    EmailTakeawaysDto: {
      recipientEmail: string;
      sessionIds?: string[];
      useAllSessions?: boolean;
    };
    SearchHighlight: {
      start: number;
      end: number;
    };
    SearchResult: {
      sessionId: string;
      sessionTitle: string;
      documentId: string;
      /** @enum {string} */
      kind: "transcript" | "pdf";
      page: number | null;
      startTime: number | null;
      /** @description Untimed transcripts: the file lines the passage covers (1-based, inclusive); null otherwise. */
      line: number | null;
      lineEnd: number | null;
      marker: string;
      /** @description Text around the best match, as it is (plain text). */
      snippet: string;
      /** @description The words of `snippet` the search matched, in order, given as spans of it (the client marks them). */
      highlights: components["schemas"]["SearchHighlight"][];
      score: number;
    };
    SearchResponse: {
      results: components["schemas"]["SearchResult"][];
    };
    UserChatSummary: {
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      company: string;
      threadCount: number;
      messageCount: number;
      lastActivity: string | null;
    };
    UserActionMetadata: {
      ip: string | null;
      userAgent: string | null;
      messagePreview: string | null;
    };
    UserAction: {
      id: string;
      userId: string | null;
      firstName: string | null;
      lastName: string | null;
      email: string | null;
      /** @enum {string} */
      actionType: "login" | "chat_message" | "other";
      details: string;
      timestamp: string;
      metadata: components["schemas"]["UserActionMetadata"];
    };
    AdminChatMessage: {
      id: string;
      /** @enum {string} */
      role: "user" | "assistant";
      content: string;
      createdAt: string;
      sources: components["schemas"]["Source"][];
    };
    AdminChatThread: {
      id: string;
      sessionFilter: string[];
      createdAt: string;
      messages: components["schemas"]["AdminChatMessage"][];
    };
    DailyCost: {
      date: string;
      chatRequests: number;
      embeddingRequests: number;
      takeawayRequests: number;
      /** @description Not in the spec (added with recordings): transcription requests (one per piece of a recording)… */
      transcriptionRequests: number;
      /** @description …the minutes of audio they sent (two decimals)… */
      transcriptionMinutes: number;
      /** @description …and what they cost in USD (per minute of audio; included in totalCost). */
      transcriptionCost: number;
      totalCost: number;
      totalTokens: number;
    };
    BudgetStatus: {
      /** @description OPENAI_DAILY_BUDGET_USD; null when there is no cap (or the provider is local). */
      dailyBudgetUsd: number | null;
      /** @description Cost of the openai provider's calls since midnight UTC. */
      spentTodayUsd: number;
      /** @description True when a cap is set and today's spend has reached it: AI calls answer 503. */
      reached: boolean;
    };
    UsageSummary: {
      totalCost: number;
      totalTokens: number;
      totalRequests: number;
      last30Days: components["schemas"]["DailyCost"][];
      /** @description Not in the spec (added): today's spend against the daily cap, OPENAI_DAILY_BUDGET_USD. */
      budget: components["schemas"]["BudgetStatus"];
    };
    InsightsTotals: {
      questions: number;
      unanswered: number;
    };
    SessionQuestions: {
      /** @description null: asked without a session filter ('All sessions'). */
      sessionId: string | null;
      sessionTitle: string;
      questions: number;
    };
    UnansweredGroup: {
      sessionId: string | null;
      sessionTitle: string;
      /** @description The wording shown: the latest of the most asked (top) or newest (unanswered) wording. */
      question: string;
      count: number;
      /** @description Other wordings folded into this line (at most 5), for the organiser to see what was merged. */
      variants: string[];
      lastAskedAt: string;
    };
    NotHelpfulAnswer: {
      messageId: string;
      question: string;
      answer: string;
      sources: components["schemas"]["Source"][];
      comment: string | null;
      ratedAt: string;
    };
    FeedbackSummary: {
      rated: number;
      helpful: number;
      notHelpful: number;
      /** @description helpful / rated, 0..1; null when nothing was rated. */
      helpfulShare: number | null;
      /** @description Newest first, at most INSIGHTS_LIST_LIMIT. */
      notHelpfulAnswers: components["schemas"]["NotHelpfulAnswer"][];
    };
    QuestionGroup: {
      /** @description The wording shown: the latest of the most asked (top) or newest (unanswered) wording. */
      question: string;
      count: number;
      /** @description Other wordings folded into this line (at most 5), for the organiser to see what was merged. */
      variants: string[];
      lastAskedAt: string;
    };
    InsightsResponse: {
      days: number;
      sessionId: string | null;
      /** @description Start of the range (now minus `days`). */
      since: string;
      totals: components["schemas"]["InsightsTotals"];
      questionsBySession: components["schemas"]["SessionQuestions"][];
      unanswered: components["schemas"]["UnansweredGroup"][];
      feedback: components["schemas"]["FeedbackSummary"];
      topQuestions: components["schemas"]["QuestionGroup"][];
    };
    UserAnalytics: {
      userId: string;
      firstName: string;
      lastName: string;
      email: string;
      totalLogins: number;
      totalChatPrompts: number;
      lastLogin: string | null;
      createdAt: string;
    };
    ColumnMappingDto: {
      title?: string;
      /** @description 'YYYY-MM-DD' or 'DD/MM/YYYY', or a date and time. */
      date?: string;
      /** @description '14:05', '2:05 PM', '14h05', or a date and time. */
      start?: string;
      end?: string;
      room?: string;
      /** @description Names separated by ';', '|', line breaks or commas. */
      speakers?: string;
      /** @description Track, type or tags, separated the same way. */
      tags?: string;
      description?: string;
      /** @description The row's own id: re-importing updates the session with the same 'csv:<id>'. */
      id?: string;
    };
    ImportSessionsDto: {
      /** @description The export's rows; checked one by one (bad rows are skipped and reported). */
      sessions?: Record<string, never>[];
      /** @description A pretalx schedule export, as its file holds it under `schedule`. */
      schedule?: {
        [key: string]: unknown;
      };
      /** @description A frab-compatible schedule.xml, as text. */
      xml?: string;
      /** @description An iCalendar feed, as text. */
      ics?: string;
      /** @description A CSV program, as text (header row first). */
      csv?: string;
      /** @description An XLSX workbook, base64 (its first sheet, header row first). */
      xlsx?: string;
      /** @description CSV/XLSX: field → column; left out, one is proposed from the header names. */
      mapping?: components["schemas"]["ColumnMappingDto"];
      /** @enum {string} */
      mode?: "create-new" | "upsert";
      /** @description Read and check the program, write nothing: the answer's `preview` says what the import would do. */
      dryRun?: boolean;
      /** @description Also set the conference's name, dates and time zone from the program (even when an admin set them). */
      applyConference?: boolean;
    };
    ImportSkippedRow: {
      /** @description 0-based index of the row in `sessions`. */
      index: number;
      title: string | null;
      reason: string;
    };
    ImportConferenceOutcome: {
      /**
       * @description 'applied': the settings were still the spec's conference and now hold the program's name, dates
       * and time zone; 'differs': an admin had set them, so they were left as they are; 'same'.
       * @enum {string}
       */
      outcome: "applied" | "differs" | "same";
      /** @description What was changed ('applied') or differs ('differs'). */
      fields: ("timeZone" | "name" | "dates")[];
      /** @description The settings after the import. */
      settings: components["schemas"]["ConferenceResponse"];
    };
    ImportPreviewDay: {
      date: string;
      /** @description The day number (Day 1 = the program's first day). */
      day: number;
      sessions: number;
    };
    ImportProposedConference: {
      name?: string;
      startDate?: string;
      endDate?: string;
      timeZone?: string;
    };
    ImportTablePreview: {
      columns: string[];
      mapping: components["schemas"]["ColumnMappingDto"];
      /** @description True when no mapping was given and this one was proposed from the header names. */
      proposed: boolean;
    };
    ImportPreviewSession: {
      title: string;
      day: number | null;
      startTime: string | null;
      endTime: string | null;
      location: string | null;
      speakers: string[];
    };
    ImportPreview: {
      /** @description Sessions the program holds (rows read). */
      sessions: number;
      /** @description Would be created / updated (by id or the source's own id). */
      toCreate: number;
      toUpdate: number;
      days: components["schemas"]["ImportPreviewDay"][];
      rooms: string[];
      /** @description Sessions without a start time / without a room. */
      noTime: number;
      noRoom: number;
      /** @description Titles of the breaks, meals and registration recognised as service sessions (imported too). */
      serviceSessions: string[];
      /** @description The zone local times were read in, and whether the program named it or the conference settings gave it. */
      timeZone: string;
      /** @enum {string} */
      timeZoneFrom: "conference" | "program";
      /** @description The conference's name, dates and zone as the program names them; null when it names none. */
      proposedConference: components["schemas"]["ImportProposedConference"] | null;
      /** @description Which of them differ from the current settings. */
      differingFields: ("timeZone" | "name" | "dates")[];
      /** @description CSV/XLSX only. */
      table: components["schemas"]["ImportTablePreview"] | null;
      /** @description The first sessions as they would be stored. */
      examples: components["schemas"]["ImportPreviewSession"][];
    };
    ImportResponse: {
      /** @description 'Successfully imported 3 of 4 sessions: 1 created, 2 updated. Skipped 1: #2 (invalid date).' */
      message: string;
      /** @description created + updated */
      imported: number;
      created: number;
      updated: number;
      /** @description Rows not imported, with their reason. */
      skipped: components["schemas"]["ImportSkippedRow"][];
      /** @enum {string} */
      mode: "create-new" | "upsert";
      /**
       * @description What the body held: the export's `sessions`, a pretalx program, a frab/Pentabarf schedule.xml, a
       * Sessionize export, an iCalendar feed, a CSV or an XLSX sheet.
       * @enum {string}
       */
      source: "ical" | "sessions" | "pretalx" | "frab" | "sessionize" | "csv" | "xlsx";
      /**
       * @description What a published program did to the conference settings; null when nothing was imported or the
       * body names no conference (the export's own file).
       */
      conference: components["schemas"]["ImportConferenceOutcome"] | null;
      /** @description Only on a dry run (`dryRun: true`): nothing was written. */
      dryRun?: boolean;
      /** @description Only on a dry run: what the import would do. */
      preview?: components["schemas"]["ImportPreview"];
    };
    LiveResponse: {
      status: string;
    };
    ReadyResponse: {
      status: string;
      database: string;
      /** @enum {string} */
      redis: "ok" | "not used";
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}

export type $defs = Record<string, never>;

export type external = Record<string, never>;

export interface operations {

  Auth_environment: {
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["EnvironmentResponse"];
        };
      };
    };
  };
  Auth_user: {
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["UserResponse"];
        };
      };
    };
  };
  /** Where the spec sends a signed-out admin: a page that mails a sign-in link. */
  Auth_loginPage: {
    parameters: {
      query?: {
        error?: "invalid_link";
      };
    };
    responses: {
      /** @description The sign-in link page (HTML, no scripts). */
      200: {
        content: {
          "text/html": string;
        };
      };
    };
  };
  Auth_login: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["LoginDto"];
        "application/x-www-form-urlencoded": components["schemas"]["LoginDto"];
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["LoginResponse"];
        };
      };
    };
  };
  Auth_quickLogin: {
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["QuickLoginResponse"];
        };
      };
    };
  };
  Auth_logout: {
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["LogoutResponse"];
        };
      };
    };
  };
  /** Sends a sign-in link to a privileged address. Answers the same for every address. */
  Auth_requestLink: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["SignInLinkDto"];
        "application/x-www-form-urlencoded": components["schemas"]["SignInLinkDto"];
      };
    };
    responses: {
      /** @description The same for every address; a form post gets the HTML page back. */
      200: {
        content: {
          "application/json": components["schemas"]["MessageResponse"];
          "text/html": components["schemas"]["MessageResponse"];
        };
      };
    };
  };
  /**
   * The emailed link: a page that posts the token to POST /api/auth/verify (by its script, or its
   * button when scripts are off). A GET changes nothing, so a mail scanner opening the link neither
   * uses it up nor receives a session.
   */
  Auth_openLink: {
    parameters: {
      query: {
        token: string;
      };
    };
    responses: {
      /** @description A page that posts the token to POST /api/auth/verify (its script served as a file; a button without scripts). */
      200: {
        content: {
          "text/html": string;
        };
      };
    };
  };
  /**
   * Uses a sign-in link: JSON `{token}` or a form field `token`. Opens the privileged session and
   * redirects to its console; an unknown, used or expired token redirects to the sign-in page.
   */
  Auth_verify: {
    requestBody: {
      content: {
        "application/json": {
          token: string;
        };
        "application/x-www-form-urlencoded": {
          token: string;
        };
      };
    };
    responses: {
      /** @description To /admin or /superadmin with a privileged session cookie; an unknown, used or expired token to /api/login?error=invalid_link. */
      302: {
        content: never;
      };
    };
  };
  /** The script of the page above (the page's CSP allows scripts from this origin only, no inline script). */
  Auth_openLinkScript: {
    responses: {
      /** @description The script that posts the sign-in link page. */
      200: {
        content: {
          "text/javascript": string;
        };
      };
    };
  };
  Conference_get: {
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["ConferenceResponse"];
        };
      };
    };
  };
  Conference_update: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["ConferenceInputDto"];
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["ConferenceResponse"];
        };
      };
    };
  };
  /** Attendee view (sessions with documents); `?includeAll=true` every session; `?admin=true` (admins) with documents. */
  Sessions_list: {
    parameters: {
      query?: {
        includeAll?: string;
        admin?: string;
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["SessionResponse"][];
        };
      };
    };
  };
  /** The listed sessions (`?ids=a,b,c`, at most 50) as one .ics, in the conference's time zone. */
  Sessions_calendarOfMany: {
    parameters: {
      query?: {
        ids?: string;
      };
    };
    responses: {
      200: {
        content: never;
      };
    };
  };
  /** One session as an .ics event ("Add to calendar"), in the conference's time zone. */
  Sessions_calendarOfOne: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      200: {
        content: never;
      };
    };
  };
  /** One session, documented or not (its documents listed for admins). */
  Sessions_getOne: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["SessionResponse"];
        };
      };
    };
  };
  /** Every session as the JSON attachment sessions_export_YYYY-MM-DD.json: the super admin's export file. */
  Sessions_exportSessions: {
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["SessionExportFile"];
        };
      };
    };
  };
  Sessions_create: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["SessionInputDto"];
      };
    };
    responses: {
      201: {
        content: {
          "application/json": components["schemas"]["SessionResponse"];
        };
      };
    };
  };
  Sessions_update: {
    parameters: {
      path: {
        id: string;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SessionInputDto"];
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["SessionResponse"];
        };
      };
    };
  };
  Sessions_remove: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      204: {
        content: never;
      };
    };
  };
  Documents_upload: {
    requestBody: {
      content: {
        "multipart/form-data": {
          /** Format: binary */
          file: string;
          /** Format: uuid */
          sessionId: string;
          /**
           * @description Inferred from the content when absent.
           * @enum {string}
           */
          kind?: "transcript" | "pdf";
        };
      };
    };
    responses: {
      201: {
        content: {
          "application/json": components["schemas"]["DocumentResponse"];
        };
      };
    };
  };
  /**
   * Upload a recording (audio, video) or captions (.vtt, .srt) as the session's transcript
   * @description Not in the spec (added): the Recordings tab. Captions are read as they are; recordings are transcribed by the OpenAI-compatible transcription endpoint (refused with 400 under AI_PROVIDER=local). Limits: RECORDING_MAX_MB, RECORDING_MAX_HOURS.
   */
  Documents_uploadRecording: {
    requestBody: {
      content: {
        "multipart/form-data": {
          /** Format: binary */
          file: string;
          /** Format: uuid */
          sessionId: string;
        };
      };
    };
    responses: {
      201: {
        content: {
          "application/json": components["schemas"]["DocumentResponse"];
        };
      };
    };
  };
  Documents_list: {
    parameters: {
      query?: {
        kind?: "transcript" | "pdf";
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["DocumentResponse"][];
        };
      };
    };
  };
  Documents_exportList: {
    responses: {
      /** @description Documents grouped by session id, newest first in each session. */
      200: {
        content: {
          "application/json": {
            [key: string]: components["schemas"]["ExportListSession"];
          };
        };
      };
    };
  };
  Documents_download: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The original bytes, streamed, as an attachment (Content-Type is the document's mimeType). */
      200: {
        content: {
          "application/pdf": string;
          "text/plain": string;
          "application/json": string;
        };
      };
    };
  };
  Documents_reprocess: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      202: {
        content: {
          "application/json": components["schemas"]["DocumentResponse"];
        };
      };
    };
  };
  Documents_remove: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      204: {
        content: never;
      };
    };
  };
  DocumentView_view: {
    parameters: {
      path: {
        id: string;
      };
    };
    responses: {
      /** @description The PDF, inline. */
      200: {
        content: {
          "application/pdf": string;
        };
      };
    };
  };
  Chat_start: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["StartChatDto"];
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["StartChatResponse"];
        };
      };
    };
  };
  Chat_assistant: {
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["AssistantInfoResponse"];
        };
      };
    };
  };
  Chat_threads: {
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["ChatThreadSummary"][];
        };
      };
    };
  };
  Chat_deleteThread: {
    parameters: {
      path: {
        threadId: string;
      };
    };
    responses: {
      204: {
        content: never;
      };
    };
  };
  Chat_messages: {
    parameters: {
      path: {
        threadId: string;
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["ChatMessageResponse"][];
        };
      };
    };
  };
  Chat_stream: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["SendMessageDto"];
      };
    };
    responses: {
      /** @description Server-Sent Events, one `data: <json>` line per event: statuses, content deltas, then sources (or an error), and always `data: [DONE]` last (docs/API.md gives the order). */
      200: {
        content: {
          "text/event-stream": components["schemas"]["ChatStatusEvent"] | components["schemas"]["ChatContentEvent"] | components["schemas"]["ChatSourcesEvent"] | components["schemas"]["ChatErrorEvent"];
        };
      };
    };
  };
  Chat_message: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["SendMessageDto"];
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["ChatAnswer"];
        };
      };
    };
  };
  Chat_simple: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["SendMessageDto"];
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["ChatAnswer"];
        };
      };
    };
  };
  Chat_feedback: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["FeedbackDto"];
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["FeedbackResponse"];
        };
      };
    };
  };
  Chat_emailHistory: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["EmailChatHistoryDto"];
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["MessageResponse"];
        };
      };
    };
  };
  Takeaways_generate: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["TakeawaysDto"];
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["TakeawaysResult"];
        };
      };
    };
  };
  Takeaways_email: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["EmailTakeawaysDto"];
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["MessageResponse"];
        };
      };
    };
  };
  Search_search: {
    parameters: {
      query: {
        q: string;
        sessionIds?: string;
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["SearchResponse"];
        };
      };
    };
  };
  Admin_chatHistory: {
    parameters: {
      query?: {
        q?: string;
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["UserChatSummary"][];
        };
      };
    };
  };
  /** The activity log, newest first; `X-Total-Count` carries the number of matching actions. */
  Admin_actions: {
    parameters: {
      query?: {
        type?: "login" | "chat_message" | "other";
        q?: string;
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      200: {
        headers: {
          /** @description How many actions match (all pages). */
          "X-Total-Count"?: number;
        };
        content: {
          "application/json": components["schemas"]["UserAction"][];
        };
      };
    };
  };
  Admin_userChats: {
    parameters: {
      path: {
        userId: string;
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["AdminChatThread"][];
        };
      };
    };
  };
  Billing_usage: {
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["UsageSummary"];
        };
      };
    };
  };
  Billing_costs: {
    parameters: {
      query?: {
        days?: "7" | "30" | "90";
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["DailyCost"][];
        };
      };
    };
  };
  Insights_get: {
    parameters: {
      query?: {
        days?: "7" | "30" | "90";
        sessionId?: string;
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["InsightsResponse"];
        };
      };
    };
  };
  Superadmin_analytics: {
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["UserAnalytics"][];
        };
      };
    };
  };
  /** A JSON attachment named sessions_export_YYYY-MM-DD.json (the conference's date). */
  Superadmin_exportSessions: {
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["SessionExportFile"];
        };
      };
    };
  };
  /**
   * Imports a program: the export's `{sessions}`, a published JSON program as the body itself, or a
   * file wrapped as text (`{xml}`, `{ics}`, `{csv}`, `{xlsx}`). The body is read by shape in the
   * service (a DTO would strip a published program's fields), so it is taken as it came. A body that
   * cannot carry the flags (a bare array, a raw file) gives them in the query string.
   */
  Superadmin_importSessions: {
    parameters: {
      query?: {
        mode?: "create-new" | "upsert";
        dryRun?: "true" | "false";
        applyConference?: "true" | "false";
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ImportSessionsDto"];
      };
    };
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["ImportResponse"];
        };
      };
    };
  };
  Health_live: {
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["LiveResponse"];
        };
      };
    };
  };
  Health_ready: {
    responses: {
      200: {
        content: {
          "application/json": components["schemas"]["ReadyResponse"];
        };
      };
      /** @description Shutting down, or the database or Redis is unreachable. */
      503: {
        content: {
          "application/json": components["schemas"]["MessageResponse"];
        };
      };
    };
  };
  Metrics_scrape: {
    parameters: {
      header: {
        /** @description Bearer <METRICS_TOKEN> */
        Authorization: string;
      };
    };
    responses: {
      /** @description This process's metrics in Prometheus's text format. */
      200: {
        content: {
          "text/plain": string;
        };
      };
      /** @description No token, or not the metrics token. */
      401: {
        content: {
          "text/plain": components["schemas"]["MessageResponse"];
        };
      };
      /** @description Metrics are off (METRICS_TOKEN unset). */
      404: {
        content: {
          "text/plain": components["schemas"]["MessageResponse"];
        };
      };
    };
  };
}

/** The values of `ChatStatus`, named (x-enum-varnames). */
export const ChatStatus = {
  Searching: "Searching conference documents",
  Analyzing: "Analyzing relevant content",
  Generating: "Generating comprehensive answer",
} as const satisfies Record<string, components['schemas']['ChatStatus']>;

/** `DEFAULT_SESSION_FORMAT` of `SessionInputDto` (x-constants). */
export const DEFAULT_SESSION_FORMAT = "panel" as const;

/** `SESSION_FORMATS` of `SessionInputDto` (x-constants). */
export const SESSION_FORMATS = [
  "keynote",
  "panel",
  "fireside",
  "concurrent",
  "roundtable",
  "lightning",
  "workshop"
] as const;

/** `CITATION_MARKER` of `Source` (x-constants). */
export const CITATION_MARKER = {
  "pattern": "\\[(?:(?:[^[\\]\\n]{1,120}?,\\s*)?(?:pp?\\.\\s?\\d+(?:\\s?[-–]\\s?\\d+)?|\\d{1,2}:\\d{2}(?::\\d{2})?|line \\d+)|Session:\\s?[^[\\]\\n]{1,200})\\]",
  "examples": [
    {
      "text": "Floors are 680 [p. 3].",
      "markers": [
        "[p. 3]"
      ]
    },
    {
      "text": "Terms run 60 months [pp. 3-4] and [p.12].",
      "markers": [
        "[pp. 3-4]",
        "[p.12]"
      ]
    },
    {
      "text": "Demand held [12:34], then fell [1:02:03].",
      "markers": [
        "[12:34]",
        "[1:02:03]"
      ]
    },
    {
      "text": "Energy helped [line 112].",
      "markers": [
        "[line 112]"
      ]
    },
    {
      "text": "Rates rose [Lender Panel, p. 3] and [Research Meeting, line 7].",
      "markers": [
        "[Lender Panel, p. 3]",
        "[Research Meeting, line 7]"
      ]
    },
    {
      "text": "A view [Fireside Chat With Lenders, 1:02:03].",
      "markers": [
        "[Fireside Chat With Lenders, 1:02:03]"
      ]
    },
    {
      "text": "The keynote is at 8:30 AM [Session: Opening Keynote].",
      "markers": [
        "[Session: Opening Keynote]"
      ]
    },
    {
      "text": "Not citations: [sic], [1], [lines of code], [p. x], [12], [image], [Session]",
      "markers": []
    }
  ]
} as const;
