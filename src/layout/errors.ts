import { AppError } from '../errors.js';

/** The critical sections alone exceed the budget (token-box.md §2.1). */
export class ContextCriticalOverflowError extends AppError {
  readonly budget: number;
  readonly required: number;
  readonly sections: readonly { id: string; size: number }[];

  constructor(budget: number, required: number, sections: readonly { id: string; size: number }[]) {
    super('CONTEXT_CRITICAL_OVERFLOW', `critical sections need ${required} tokens but the budget is ${budget}`, {
      details: { budget, required, sections: sections.map((section) => ({ ...section })) },
    });
    this.budget = budget;
    this.required = required;
    this.sections = sections;
  }
}

/** Guard: a layout finished over budget. Unreachable if the rules hold; never a success. */
export class ContextOverflowError extends AppError {
  constructor(budget: number, total: number) {
    super('CONTEXT_OVERFLOW', `layout total ${total} exceeds the budget ${budget}`, { details: { budget, total } });
  }
}

/** The sections handed to the layout are malformed: a bug in the caller, not user input. */
export class LayoutInputError extends AppError {
  constructor(message: string, issues: readonly { path: string; message: string }[]) {
    super('INTERNAL', message, { details: { issues: issues.map((issue) => ({ ...issue })) } });
  }
}
