import type { SiteVideoKey } from '@rainmakers/contracts/site-content-constants';
import { useSiteVideo } from '../api/siteContent';
import { VideoPlayer } from './VideoPlayer';

/**
 * A video of the product by its key (the qualifier's intro, Learn More and results videos, the AI Toolkit intro),
 * as the admin set it on /site-content. Not set: nothing is shown.
 */
export function VideoFacade({ videoKey, title }: { videoKey: string; title: string }) {
  const url = useSiteVideo(videoKey as SiteVideoKey);
  return <VideoPlayer url={url} title={title} />;
}
