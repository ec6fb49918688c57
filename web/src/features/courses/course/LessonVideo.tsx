import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { api } from '../../../api/client';

// Most lessons have no video: the player is fetched when one has (a course page's first load stays in budget).
const VideoPlayer = lazy(() => import('../../../components/VideoPlayer').then((m) => ({ default: m.VideoPlayer })));

/** The player's frame while it arrives: the same 16:9 black box, so the text below does not move. */
const FRAME_SX = { width: '100%', aspectRatio: '16 / 9', borderRadius: '12px', bgcolor: '#000000' } as const;

/**
 * A lesson's video above its text. The player reports where the member is every ~10 s, on pause and when
 * the page goes away (PUT /api/lesson/video-position, kept server-side); the lesson resumes there after a reload.
 */
export function LessonVideo({
  lessonId,
  url,
  startAt,
  title,
}: {
  lessonId: number;
  url: string | null | undefined;
  startAt: number | undefined;
  title: string;
}) {
  // A lesson without a video renders nothing. A saved address is always one the player can play (the lesson upsert
  // checks it with the same parser, contracts' videoAddressField), so the parser travels with the player and not
  // in the course page's first load.
  if (!url) return null;
  const record = (seconds: number) => {
    void api('/api/lesson/video-position', {
      method: 'PUT',
      body: { lessonId, seconds: Math.min(Math.max(0, seconds), 86_400) },
    }).catch(() => {
      // A lost position only means the video starts a little earlier next time.
    });
  };
  return (
    <Box sx={{ mb: 3 }}>
      <Suspense fallback={<Box sx={FRAME_SX} />}>
        <VideoPlayer
          key={lessonId}
          url={url}
          title={`Lesson video: ${title}`}
          startAt={startAt ?? 0}
          onPosition={record}
        />
      </Suspense>
    </Box>
  );
}
