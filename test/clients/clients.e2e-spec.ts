import { runTopics } from '../harness/topics';

runTopics(__dirname);
