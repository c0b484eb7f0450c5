import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { TimelineEvent } from '@shared/api/adminOrders';
import { formatDateTime } from '@shared/dates';
import { fill } from '@shared/messages';
import { adminJobPath } from '@client/app/routePaths';
import { ORDER_STORY_TEXT as T } from './orderStoryTexts';

// The order's history, oldest first, as the server builds it from evidence (docs/architecture.md, "The order timeline"):
// a vertical line of events, each with its time, title, detail and a dot in its tone. A plain ordered list, so a screen
// reader reads it in order; @mui/lab's Timeline would add a package for the same markup.

const toneColor = { ok: 'success.main', error: 'error.main', waiting: 'warning.main', info: 'grey.500' } as const;
const toneText = { ok: 'correcto', error: 'error', waiting: 'en espera', info: 'información' } as const;

/** `jobLinks`: each job's event links to Trabajos ERP (the admin's detail; a sales rep reads the timeline without them). */
export function OrderTimeline({ events, jobLinks = true }: { events: TimelineEvent[]; jobLinks?: boolean }) {
  if (events.length === 0) return <Typography variant="body2">{T.noTimeline}</Typography>;
  return (
    <Box component="ol" aria-label={T.timeline} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((event, i) => (
        <Box
          component="li"
          key={`${event.at}-${event.kind}-${i}`}
          data-tone={event.tone}
          sx={{ position: 'relative', pl: 3.5, pb: i === events.length - 1 ? 0 : 2, minWidth: 0 }}
        >
          {/* the line joining the dots */}
          {i < events.length - 1 && <Box aria-hidden sx={{ position: 'absolute', left: 7, top: 18, bottom: 0, width: 2, bgcolor: 'divider' }} />}
          <Box
            role="img"
            aria-label={toneText[event.tone]}
            sx={{ position: 'absolute', left: 1, top: 4, width: 14, height: 14, borderRadius: '50%', bgcolor: toneColor[event.tone] }}
          />
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {formatDateTime(event.at)}
          </Typography>
          <Typography variant="body2" component="p" sx={{ fontWeight: 600, color: event.tone === 'error' ? 'error.main' : undefined }}>
            {event.title}
          </Typography>
          {event.detail && (
            <Typography variant="body2" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {event.detail}
            </Typography>
          )}
          {jobLinks && event.jobId !== null && (
            <Link component={RouterLink} to={adminJobPath(event.jobId)} variant="body2">
              {fill(T.timelineJob, { id: event.jobId })}
            </Link>
          )}
        </Box>
      ))}
    </Box>
  );
}
