import Box from '@mui/material/Box';
import { api } from '../../../api/client';
import { VideoPlayer } from '../../../components/VideoPlayer';

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
      <VideoPlayer
        key={lessonId}
        url={url}
        title={`Lesson video: ${title}`}
        startAt={startAt ?? 0}
        onPosition={record}
      />
    </Box>
  );
}
