// Scripted replies: the first script whose `match` fits the last user message supplies the reply; with no
// match the reply is `echo: <last user message>`, so a test can predict every reply without a script.
import { z } from "zod";

const REGEX_LITERAL = /^\/(.+)\/([dgimsuvy]*)$/s;

function compile(match: string): RegExp | undefined {
  const literal = REGEX_LITERAL.exec(match);
  return literal ? new RegExp(literal[1]!, literal[2]!.replace(/[gy]/g, "")) : undefined;
}

/** `match` is a substring (case-sensitive) or a `/regex/flags` literal; a broken regex is refused at write. */
export const Script = z.object({
  match: z
    .string()
    .min(1)
    .refine(
      (match) => {
        try {
          compile(match);
          return true;
        } catch {
          return false;
        }
      },
      { message: "not a valid /regex/flags literal" },
    ),
  reply: z.string(),
});
export type Script = z.infer<typeof Script>;

export const ScriptsBody = z.object({ scripts: z.array(Script).max(1000) });

export function scriptedReply(scripts: readonly Script[], userText: string): string {
  for (const script of scripts) {
    const regex = compile(script.match);
    if (regex ? regex.test(userText) : userText.includes(script.match)) return script.reply;
  }
  return `echo: ${userText}`;
}
