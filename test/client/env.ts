// The SPA's env under Jest (import.meta does not exist here): a production build that never asks the server for the QA
// scenario recorder, so screen tests see no extra request.
export const env = { apiBase: '/api', brand: '', dev: false, devTools: false, scenarioRecorder: false, scenarioRecorderAsksServer: false };
