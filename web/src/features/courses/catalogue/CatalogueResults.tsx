import ArticleRounded from '@mui/icons-material/ArticleRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import ViewModuleRounded from '@mui/icons-material/ViewModuleRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { CatalogueResponse } from '../../../api/courses';
import { clampLines } from './CourseCard';
import { Highlight } from './Highlight';

type CatalogueModule = CatalogueResponse['modules'][number];
type CatalogueLesson = CatalogueResponse['lessonsContent'][number] | CatalogueResponse['lessonsTitles'][number];

function ResultCard({
  to,
  icon,
  eyebrow,
  title,
  children,
  label,
}: {
  to: string;
  icon: ReactNode;
  eyebrow: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  label: string;
}) {
  return (
    <Card component="article" aria-label={label} sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{
          height: '100%',
          p: 2.25,
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1.75,
          justifyContent: 'flex-start',
        }}
      >
        <Box
          aria-hidden="true"
          sx={{
            width: 42,
            height: 42,
            flexShrink: 0,
            borderRadius: 2.5,
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: (t) => alpha(t.palette.primary.main, 0.08),
          }}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ ...clampLines(1), mb: 0.25 }}>
            {eyebrow}
          </Typography>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.35, ...clampLines(2) }}>
            {title}
          </Typography>
          {children}
        </Box>
        <ChevronRightRounded aria-hidden="true" sx={{ color: 'text.disabled', alignSelf: 'center' }} />
      </CardActionArea>
    </Card>
  );
}

export function ModuleResultCard({ module, words }: { module: CatalogueModule; words: readonly string[] }) {
  return (
    <ResultCard
      to={`/courses/${module.courseSlug}/${module.id}`}
      icon={<ViewModuleRounded />}
      eyebrow={`Module · ${module.courseTitle}`}
      title={<Highlight text={module.title} words={words} />}
      label={module.title}
    />
  );
}

export function LessonResultCard({ lesson, words }: { lesson: CatalogueLesson; words: readonly string[] }) {
  const snippet = 'snippet' in lesson ? lesson.snippet : null;
  return (
    <ResultCard
      to={`/courses/${lesson.courseSlug}/${lesson.ModuleId}/${lesson.id}`}
      icon={<ArticleRounded />}
      eyebrow={`${lesson.courseTitle} › ${lesson.moduleTitle}`}
      title={<Highlight text={lesson.title} words={words} />}
      label={lesson.title}
    >
      {snippet && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75, lineHeight: 1.55, ...clampLines(3) }}>
          <Highlight text={snippet} words={words} />
        </Typography>
      )}
    </ResultCard>
  );
}
