/** GET /api/public-config: what the SPA may know about the deployment before anyone logs in. */
export const PUBLIC_CONFIG_PATH = '/api/public-config';

export interface PublicConfigResponse {
  /**
   * PUBLIC_URL without a trailing slash ('https://portal.ejemplo.cl'): the only address the payment providers return
   * the buyer to. A SPA opened on another origin should send the buyer there before a payment starts.
   */
  publicUrl: string;
  /**
   * true only when the server runs with QA_SCENARIO_RECORDER=on (a QA environment): a production build of the SPA then
   * offers the QA scenario recorder. Absent or false everywhere else.
   */
  scenarioRecorder?: boolean;
}
