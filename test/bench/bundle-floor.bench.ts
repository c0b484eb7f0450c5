// The least a login page can download with the libraries the SPA is built on (React 19, MUI with emotion, the portal's
// own theme), measured the way bundle-size.bench.ts measures the real `/login`: three throw-away pages, each built by
// Vite for production into one file, gzip at the build's level (9) and brotli at its quality (11), in kB of 1000 bytes.
//   1. React DOM rendering a plain form (two inputs and a button): the cost of React alone;
//   2. the same under MUI's theme provider, CssBaseline, an AppBar with its title and an MUI Button;
//   3. the same with the two fields as MUI TextFields: the login screen drawn with MUI, before any form library,
//      store, router or the portal's own code;
//   4. no MUI, no router: the login form in Formik with the shared yup schema, under a Redux Toolkit store with the
//      portal's own session slice and session sagas (redux-saga, react-redux): what a login page of its own (a second
//      HTML entry drawn with plain elements and a style sheet, the SPA loaded after the login) would weigh before its
//      markup and styles.
// The pages are written to .tmp/bundle-floor (ignored by git) and built in memory; nothing in dist/ changes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Rollup } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');
const work = path.join(root, '.tmp/bundle-floor');
const TARGET_LOGIN_GZIP_KB = 120;

const PLAIN_FORM = `<form><input aria-label="Rut Empresa" /><input type="password" aria-label="Contraseña" /><button type="submit">Acceder</button></form>`;
const MUI_SHELL = (fields: string, imports = '') => `${imports}
import { ThemeProvider } from '@mui/system';
import CssBaseline from '@mui/material/CssBaseline';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { theme } from '@client/app/theme';
createRoot(document.getElementById('root')!).render(
  <ThemeProvider theme={theme}>
    <CssBaseline />
    <AppBar position="static"><Toolbar><Typography variant="h6">Portal mayorista</Typography></Toolbar></AppBar>
    <form>${fields}<Button type="submit" variant="contained">Acceder</Button></form>
  </ThemeProvider>,
);`;

const PAGES: Array<{ name: string; what: string; code: string }> = [
  {
    name: 'react',
    what: 'React DOM, a plain form',
    code: `import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(${PLAIN_FORM});\n`,
  },
  {
    name: 'mui-shell',
    what: '+ MUI theme, CssBaseline, AppBar, Typography, Button',
    code: `import { createRoot } from 'react-dom/client';\n${MUI_SHELL('<input aria-label="Rut Empresa" /><input type="password" aria-label="Contraseña" />')}\n`,
  },
  {
    name: 'mui-login',
    what: '+ the two fields as MUI TextFields (the login screen in MUI)',
    code: `import { createRoot } from 'react-dom/client';\n${MUI_SHELL('<TextField label="Rut Empresa" /><TextField label="Contraseña" type="password" />', "import TextField from '@mui/material/TextField';")}\n`,
  },
  {
    name: 'no-mui',
    what: 'React DOM, Formik, yup (the shared login schema), Redux Toolkit with the session slice and sagas, redux-saga; no MUI, no router',
    code: `import { createRoot } from 'react-dom/client';
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { Provider, useDispatch, useSelector } from 'react-redux';
import { useFormik } from 'formik';
import { loginSchema } from '@shared/schemas/auth';
import { sessionReducer, loginSubmitted } from '@client/features/session/sessionSlice';
import { sessionSaga } from '@client/features/session/sessionSagas';
const saga = createSagaMiddleware();
const store = configureStore({ reducer: { session: sessionReducer }, middleware: (d) => d().concat(saga) });
saga.run(sessionSaga);
function Login() {
  const dispatch = useDispatch();
  const error = useSelector((s: ReturnType<typeof store.getState>) => s.session.error);
  const f = useFormik({ initialValues: { username: '', password: '' }, validationSchema: loginSchema, onSubmit: (v) => { dispatch(loginSubmitted(v)); } });
  return (<form onSubmit={f.handleSubmit}>{error && <p role="alert">{error}</p>}
    <input aria-label="Rut Empresa" name="username" value={f.values.username} onChange={f.handleChange} />{f.errors.username}
    <input type="password" aria-label="Contraseña" name="password" value={f.values.password} onChange={f.handleChange} />{f.errors.password}
    <button type="submit">Acceder</button></form>);
}
createRoot(document.getElementById('root')!).render(<Provider store={store}><Login /></Provider>);
`,
  },
];

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

async function sizeOf(page: (typeof PAGES)[number]): Promise<{ raw: number; gzip: number; br: number }> {
  const dir = path.join(work, page.name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>\n');
  writeFileSync(path.join(dir, 'main.tsx'), page.code);
  const output = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    resolve: { alias: [{ find: '@client', replacement: path.join(root, 'src/client') }, { find: '@shared', replacement: path.join(root, 'src/shared') }] },
    build: { write: false, sourcemap: false },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const files = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  const sizes = { raw: 0, gzip: 0, br: 0 };
  for (const file of files) {
    if (!/\.(js|css)$/.test(file.fileName)) continue;
    const bytes = Buffer.from(file.type === 'chunk' ? file.code : file.source);
    sizes.raw += bytes.length;
    sizes.gzip += gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
    sizes.br += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
  }
  return sizes;
}

for (const page of PAGES) {
  const s = await sizeOf(page);
  console.log(`${page.name.padEnd(10)} gzip ${kB(s.gzip).padStart(6)} kB  br ${kB(s.br).padStart(6)} kB  (raw ${kB(s.raw)} kB)  ${page.what}`);
}
console.log(`objetivo de /login: ${TARGET_LOGIN_GZIP_KB} kB gzip (el /login real: npm run build && npm run bench bundle-size)`);
