import type { PublicConfigResponse } from '@shared/api/publicConfig';
import { http, type RequestOptions } from './http';

// GET /api/public-config (PUBLIC_CONFIG_PATH): the deployment's public address, without a session. The http client
// adds the API base.
export const fetchPublicConfig = (options?: RequestOptions) => http.get<PublicConfigResponse>('/public-config', options);
