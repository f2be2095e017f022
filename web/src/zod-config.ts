import { z } from 'zod';

// The app runs under a Content-Security-Policy without 'unsafe-eval' (docs/security.md). zod
// compiles object schemas with `new Function` unless told not to, and even its check for
// whether it may is a CSP violation report; jitless parsing is plenty for forms and replies.
// Imported first by main.tsx, before any schema is built or parsed.
z.config({ jitless: true });
