import type { CallAnalysisInput, SatisfactionIndicator } from '../ports/call-analyzer';
import { analyzeCall } from './analyze-call';
import {
  busyCall,
  deadAirCall,
  excellentCall,
  interruptedCall,
  ivrLoopCall,
  longHoldCall,
  poorCall,
  voicemailAfterHours,
} from './fixtures/call-fixtures';

function indicators(input: CallAnalysisInput): Record<string, SatisfactionIndicator> {
  return Object.fromEntries(analyzeCall(input).satisfactionIndicators.map((i) => [i.indicator, i]));
}

describe('satisfaction indicators', () => {
  it('marks the positive signs of an excellent call present and the negative ones missing', () => {
    const found = indicators(excellentCall());
    for (const name of ['Answered quickly', 'Greeted by name', 'Question answered', 'Next step offered', 'Caller thanked']) {
      expect(found[name]).toMatchObject({ present: true, impact: 'positive' });
    }
    for (const name of ['Long hold', 'Dead air', 'Caller talked over', 'Curt replies']) {
      expect(found[name]).toMatchObject({ present: false, impact: 'negative' });
    }
  });

  it('marks long hold, dead air, talking over and curt replies when they happen', () => {
    expect(indicators(longHoldCall())['Long hold']!.present).toBe(true);
    expect(indicators(deadAirCall())['Dead air']).toMatchObject({
      present: true,
      evidence: [{ quote: 'Silence of 3.4 s at 0:09' }, { quote: 'Silence of 4.6 s at 0:14' }],
    });
    expect(indicators(interruptedCall())['Caller talked over']!.present).toBe(true);
    const poor = indicators(poorCall());
    expect(poor['Curt replies']!.present).toBe(true);
    expect(poor['Greeted by name']!.present).toBe(false);
    expect(poor['Question answered']!.present).toBe(false);
  });

  it('marks a voicemail, a loop and a busy line as present negatives', () => {
    expect(indicators(voicemailAfterHours())).toMatchObject({
      'Call reached voicemail': { present: true, impact: 'negative' },
      'Hours in greeting': { present: true, impact: 'positive' },
      'Callback promised': { present: true },
    });
    expect(indicators(ivrLoopCall())['Automated menu loop']).toMatchObject({ present: true, impact: 'negative' });
    expect(indicators(busyCall())['Line busy']).toMatchObject({ present: true, impact: 'negative' });
  });
});
