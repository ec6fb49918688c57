import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { earlyScript, emotionWithoutHoist, muiWithoutCssVars, precompress } from './build/plugins.ts';
import { screenOf } from './build/screens.ts';

/** The gateway serves every API call and uploads; in development Vite forwards them there. */
const GATEWAY = process.env.GATEWAY_URL ?? 'http://localhost:8080';

const anyOf = (parts: string[]) => new RegExp(parts.join('|'));

/**
 * The app shell, one file: the entry, the signed-in frame (AppLayout) and everything they import, plus the small
 * pieces nearly every screen shares (form inputs, alerts, page header, MUI's transition and DOM helpers), which
 * automatic splitting would otherwise leave as a dozen files of a few hundred bytes each.
 */
const SHELL = anyOf([
  String.raw`src[\\/](main|App|layout[\\/]AppLayout)\.tsx$`,
  // Not the whole api/ folder: each screen's calls travel with the screen (what the frame calls comes along as a
  // dependency of the frame).
  String.raw`src[\\/](lib|early|session)[\\/]`,
  String.raw`src[\\/]api[\\/](client|queryClient|keys|auth)\.ts$`,
  String.raw`src[\\/]components[\\/](PageHeader|usePageTitle|useAfterFirstPaint|toast|Spinners|ErrorBoundary|MessagePage)\.tsx?$`,
  String.raw`node_modules[\\/]@mui[\\/]material[\\/](Alert|InputAdornment|OutlinedInput|Typography|Paper|Stack)[\\/]`,
  String.raw`node_modules[\\/]@mui[\\/]utils[\\/](useSlotProps|contains|getReactElementRef|setRef|ownerDocument|getActiveElement)[\\/]`,
]);

/** Small modules shared by several screens (see the `common` group): MUI's DOM and state helpers, LazyMui, icons. */
const COMMON = anyOf([
  String.raw`node_modules[\\/]@mui[\\/]utils[\\/]`,
  // The catalogue's icons that other screens show too (a few hundred bytes each); other icons travel with their
  // screens, so the catalogue does not download the whole app's icon set.
  String.raw`node_modules[\\/]@mui[\\/]icons-material[\\/](AddRounded|ArticleRounded|CardGiftcardRounded|CheckRounded|ChevronRightRounded|CloseRounded|EditRounded|SaveRounded|SchoolRounded|SearchOffRounded|SearchRounded|SwapVertRounded|ViewModuleRounded|WorkspacePremiumRounded)\.`,
  // The catalogue's smaller MUI parts other screens use too (a placeholder, a card): in the catalogue's
  // file they made those screens download the whole catalogue.
  String.raw`node_modules[\\/]@mui[\\/]material[\\/](utils|internal|Skeleton|Card)[\\/]`,
  String.raw`node_modules[\\/]@mui[\\/]material[\\/]styles[\\/]cssUtils`,
  String.raw`src[\\/]components[\\/](LazyMui|SearchInput|useDebouncedValue|DeferredMarkdown|ProgressLine|AfterFirstPaint)\.tsx?$`,
]);

/**
 * The catalogue (/courses, the most visited screen) in one file: its modules and the MUI components only it uses.
 * Not their dependencies (includeDependenciesRecursively: false): those shared with other screens stay where
 * automatic splitting puts them, so the profile or a course page does not download the catalogue.
 */
const CATALOGUE = anyOf([
  String.raw`src[\\/]features[\\/]courses[\\/]catalogue[\\/](CoursesPage|CourseCard|CatalogueResults|CatalogueTabList|CoverImage|ScrollTopButton|useMyCertificate)\.tsx?$`,
  String.raw`node_modules[\\/]@mui[\\/]material[\\/](Skeleton|Card|CardActionArea)[\\/]`,
]);

/**
 * What the catalogue and a course page both need (the courses API, the outline and search helpers, reordering), in
 * one file of its own: in the catalogue's file it made every course page download the catalogue and its tabs
 * (about 14 KB gzipped before the course's heading).
 */
const COURSES_SHARED = anyOf([
  String.raw`src[\\/]features[\\/]courses[\\/]catalogue[\\/](catalogue|Highlight)\.tsx?$`,
  String.raw`src[\\/]features[\\/]courses[\\/](ReorderControls|useReorderMode|useAddressSearch|constants|course[\\/]outline)\.tsx?$`,
  String.raw`src[\\/]api[\\/]courses\.ts$`,
]);

/** See the `forms` group. */
const FORMS = anyOf([
  String.raw`src[\\/]components[\\/](FormField|useFormFields|useFieldErrors)\.tsx?$`,
  String.raw`node_modules[\\/]@mui[\\/]material[\\/](FormHelperText|InputLabel)[\\/]`,
]);

/**
 * MUI's FormControl and FormLabel, one file: the labelled fields need them and so do the filters of /resources, which
 * must not download the fields (`forms`).
 */
const FORM_CONTROL = /node_modules[\\/]@mui[\\/]material[\\/](FormControl|FormLabel)[\\/]/;

const config = {
  root: import.meta.dirname,
  plugins: [muiWithoutCssVars(), emotionWithoutHoist(), react(), earlyScript(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: false },
      '/upload': { target: GATEWAY, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: false },
      '/upload': { target: GATEWAY, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every route is a React.lazy chunk. The vendor groups keep the libraries every page needs in long-lived chunks,
    // so a deploy that changes a screen does not bust their cache. The shell and catalogue groups keep the first load
    // of /courses to a dozen files (the budget is 15; automatic splitting alone gave 59). MUI is otherwise left to
    // automatic splitting on purpose: one "mui" group would drag every component used by any lazy screen into the
    // first load. Measured in docs/decisions.md ("Web first load").
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/,
              priority: 30,
            },
            { name: 'shell', test: SHELL, priority: 10, includeDependenciesRecursively: true },
            {
              // MUI's roving focus (toggle buttons, menus; 11 KB before minifying): in `common` it was on every screen.
              name: 'roving',
              test: /node_modules[\\/]@mui[\\/](material[\\/]utils|utils)[\\/]useRovingTabIndex[\\/.]/,
              priority: 9,
              includeDependenciesRecursively: false,
            },
            {
              // The clickable card of the catalogue and the review queue, in neither `common` (every screen) nor the
              // catalogue's file (the review queue would download the catalogue).
              name: 'card-action',
              test: /node_modules[\\/]@mui[\\/]material[\\/]CardActionArea[\\/]/,
              priority: 9,
              includeDependenciesRecursively: false,
            },
            {
              // MUI's table parts, one file (automatic splitting made the container a file of its own): the insights
              // and tag management screens are near the budget's 15 files on a phone.
              name: 'table',
              test: /node_modules[\\/]@mui[\\/]material[\\/](Table|TableBody|TableCell|TableContainer|TableHead|TableRow|Table[\\/]Tablelvl2Context|Table[\\/]TableContext)[\\/]/,
              priority: 9,
              includeDependenciesRecursively: false,
            },
            {
              // A card's content and actions areas (the resources, tools, banners and AI toolkit screens), one file.
              name: 'card-parts',
              test: /node_modules[\\/]@mui[\\/]material[\\/](CardContent|CardActions)[\\/]/,
              priority: 9,
              includeDependenciesRecursively: false,
            },
            {
              // MUI's Transition (Collapse, Grow, Fade...): on first paint only where a page shows a collapsible part.
              name: 'transition',
              test: /node_modules[\\/]@mui[\\/]material[\\/]internal[\\/]Transition\./,
              priority: 9,
              includeDependenciesRecursively: false,
            },
            {
              // Small pieces two or more screens share (MUI's DOM and state helpers, LazyMui): one file, where
              // automatic splitting made a file of a few hundred bytes of each, a dozen on a course page.
              name: 'common',
              test: COMMON,
              minShareCount: 2,
              maxModuleSize: 20_000,
              priority: 8,
            },
            {
              // The labelled form fields of the sign-in screens, the profile and the editors (FormField, the field
              // state hooks, MUI's InputLabel and FormHelperText): one file, where automatic splitting made five of a
              // few hundred bytes each (/profile fetched 23 files).
              name: 'forms',
              test: FORMS,
              priority: 7,
              includeDependenciesRecursively: false,
            },
            { name: 'form-control', test: FORM_CONTROL, priority: 7, includeDependenciesRecursively: false },
            {
              // The password box and its two eye icons (the sign-in screens and the profile), one file, not three.
              name: 'password',
              test: /src[\\/]components[\\/]PasswordField\.tsx$|node_modules[\\/]@mui[\\/]icons-material[\\/]Visibility(Off)?Rounded\./,
              priority: 7,
              includeDependenciesRecursively: false,
            },
            { name: 'catalogue', test: CATALOGUE, priority: 5, includeDependenciesRecursively: false },
            { name: 'courses', test: COURSES_SHARED, priority: 5, includeDependenciesRecursively: false },
            {
              // MUI's choice controls (check boxes, radio groups, their labels) travel together: a screen's filters
              // use two or three of them, each its own file of about 1 KB otherwise.
              name: 'choices',
              test: /node_modules[\\/]@mui[\\/]material[\\/](Checkbox|Radio|RadioGroup|FormControlLabel|FormGroup|internal[\\/]SwitchBase|internal[\\/]svg-icons[\\/](CheckBox|CheckBoxOutlineBlank|IndeterminateCheckBox|RadioButton))/,
              priority: 9,
              includeDependenciesRecursively: false,
            },
            {
              // Every other page in one file with what only its first render needs (build/screens.ts): the board,
              // users, resources and tools screens were 8 to 23 files each, most of them a few hundred bytes.
              name: screenOf(import.meta.dirname),
              priority: 4,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
} satisfies UserConfig;

export default defineConfig(({ command }) => {
  // A build is always for production: Vite would otherwise keep an inherited NODE_ENV (jest runs with "test") and
  // ship React's development build (three times the size) with the development JSX runtime.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
