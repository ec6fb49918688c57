import { service } from './service';

await service.run();
