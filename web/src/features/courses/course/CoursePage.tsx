import { useParams } from 'react-router-dom';
import { useCourseAccess, useCoursePage } from '../../../api/courses';
import { idFromSegment } from '../../../early/requests';
import { CourseNotFound } from './CourseMessages';

import { CourseSkeleton } from './CourseParts';
import { CourseView } from './CourseView';

/**
 * /courses/:slug[/:moduleId[/:lessonId]]: the access check (GET /api/course/access) and the course (GET
 * /api/course/{slug}?moduleId=&lessonId=) are asked at once — both started by index.html's early script on a first
 * load — rather than one after the other: the course call answers a course the person may not see exactly like an
 * unknown one (hidden means missing), so asking it early reveals nothing. Access refused, an unknown course or a
 * failed read -> 'Course not found'.
 */
export default function CoursePage() {
  const { slug = '', moduleId, lessonId } = useParams();
  const access = useCourseAccess(slug);
  // The first answer brings the lesson the address opens; later moves load each lesson's content on its own.
  const full = useCoursePage(slug, '', {
    enabled: slug !== '',
    open: { moduleId: idFromSegment(moduleId), lessonId: idFromSegment(lessonId) },
  });

  if (access.isError || access.data === false) return <CourseNotFound />;
  if (access.isPending || full.isPending) return <CourseSkeleton />;
  if (full.isError) return <CourseNotFound />;
  return <CourseView course={full.data} />;
}
