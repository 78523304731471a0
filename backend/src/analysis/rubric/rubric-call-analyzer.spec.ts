import { describeCallAnalyzerContract } from '../call-analyzer.contract';
import { RubricCallAnalyzer } from './rubric-call-analyzer';

describeCallAnalyzerContract('rubric', async () => ({ analyzer: new RubricCallAnalyzer(), cleanup: async () => {} }));
