import type { SeededRandom } from '../../../infrastructure/random';
import type { ReceptionistStyle } from './behavior-profile';
import type { LocalTime } from './business-hours';

/** The words a front desk of each style uses for the recurring moments of a call. */
export class ReceptionistLines {
  constructor(
    private readonly style: ReceptionistStyle,
    private readonly name: string,
    private readonly businessName: string,
    private readonly random: SeededRandom,
  ) {}

  greeting(local: LocalTime | null): string {
    const business = this.businessName;
    switch (this.style) {
      case 'helpful':
        return `${salutation(local)}, thanks for calling ${business}! This is ${this.name}, how can I help you today?`;
      case 'slow':
        return `Hello, ${business}, um, this is ${this.name}. How can I help you?`;
      case 'curt':
        return this.random.pick([`${business}.`, `${business}, what can I do for you?`]);
      default:
        return `Thank you for calling ${business}, this is ${this.name}, how can I help you?`;
    }
  }

  /** After a menu put the caller through: always names the person, as a transferred line does. */
  departmentGreeting(department: string): string {
    return this.style === 'curt' ? `${department}, this is ${this.name}.` : `${department}, this is ${this.name}, how can I help you?`;
  }

  answeringServiceGreeting(): string {
    return `Thank you for calling ${this.businessName}, this is the answering service, ${this.name} speaking. The office is closed right now. Can I take a message?`;
  }

  holdRightAway(): string {
    return `${this.businessName}, can you hold please?`;
  }

  backFromHoldGreeting(): string {
    return `Thanks for holding, this is ${this.name}, how can I help you?`;
  }

  holdToCheck(): string {
    return this.random.pick(['Let me check on that, can you hold for a moment?', 'Can you hold one second while I check?']);
  }

  backFromHold(): string {
    return this.random.pick(['Thanks for holding.', 'Okay, sorry about that.', 'Thanks for waiting.']);
  }

  /** Appended after an answer; empty for a desk that does not ask. */
  anythingElse(): string {
    switch (this.style) {
      case 'helpful':
        return 'Anything else I can do for you?';
      case 'slow':
        return 'Um, anything else?';
      case 'curt':
        return '';
      case 'holds':
        return 'Anything else?';
      default:
        return 'Anything else I can help with?';
    }
  }

  askContact(purpose: 'booking' | 'callback' | 'message', separately: boolean): string {
    if (purpose === 'message') return 'Can I get your name and number?';
    if (purpose === 'callback') {
      return separately ? "Can I get your name? I'll have someone call you back." : 'Can I get a name and number so someone can call you back?';
    }
    if (separately) return this.style === 'curt' ? 'Name?' : 'Great, can I get your name?';
    switch (this.style) {
      case 'curt':
        return 'Name and number?';
      case 'helpful':
        return 'Wonderful! Can I get your name and the best number to reach you?';
      case 'slow':
        return 'Okay, um, can I get a name and number?';
      default:
        return 'Great, can I get a name and a good number for that?';
    }
  }

  askName(): string {
    return this.style === 'curt' ? 'Name?' : 'Can I get a name for that?';
  }

  askNumber(): string {
    return this.style === 'curt' ? 'Number?' : 'And the best number to reach you?';
  }

  askContactAgain(): string {
    return "Sorry, I didn't get that. Can I get a name and number?";
  }

  /** Reads back what was arranged. */
  confirmation(firstName: string, arranged: string, number: string | null): string {
    switch (this.style) {
      case 'curt':
        return `Okay, ${arranged}`;
      case 'slow':
        return `Okay, let me write that down... ${capitalize(arranged)}`;
      case 'helpful':
        return number ? `Perfect, ${firstName}, ${arranged} We'll call ${number} if anything changes.` : `Perfect, ${firstName}, ${arranged}`;
      default:
        return `Perfect, ${firstName}, ${arranged}`;
    }
  }

  closing(): string {
    switch (this.style) {
      case 'helpful':
        return "You're so welcome, have a great day!";
      case 'slow':
        return 'Okay, thanks for calling. Bye.';
      case 'curt':
        return 'Yep. Bye.';
      default:
        return "You're welcome, have a good one!";
    }
  }

  noInformation(): string {
    return "I'm sorry, I don't have that information, but they'll go over it when they call you back.";
  }

  sayAgain(): string {
    return 'Sorry, could you say that again?';
  }

  stillThere(): string {
    return 'Hello? Are you still there?';
  }

  disconnected(): string {
    return 'I think we got disconnected. Bye.';
  }

  noProblem(): string {
    return this.style === 'curt' ? 'Okay.' : 'No problem.';
  }
}

function salutation(local: LocalTime | null): string {
  if (!local) return 'Hi';
  if (local.minuteOfDay < 12 * 60) return 'Good morning';
  return local.minuteOfDay < 17 * 60 ? 'Good afternoon' : 'Good evening';
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
