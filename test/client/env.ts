export const env = { apiBase: '/api', brand: '', dev: false, devTools: false };
