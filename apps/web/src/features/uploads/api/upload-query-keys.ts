/** The keys every uploads query lives under, so a new upload refreshes the history and its own panel. */
export const uploadQueryKeys = {
  all: ['uploads'] as const,
  lists: ['uploads', 'list'] as const,
  detail: (uploadId: string) => ['uploads', 'detail', uploadId] as const,
  mutations: {
    create: ['uploads', 'create'] as const,
    cancel: ['uploads', 'cancel'] as const,
    downloadFailures: ['uploads', 'download-failures'] as const,
  },
};

/** How often a running upload is asked for its counts. */
export const UPLOAD_POLL_MS = 1000;
