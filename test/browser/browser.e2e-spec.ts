import { runTopics } from '../harness/topics';
import { closeSharedBrowser } from './page-checks';

runTopics(__dirname);

afterAll(closeSharedBrowser);
