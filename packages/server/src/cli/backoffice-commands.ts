import { ROLES } from "../backoffice/roles.ts";
import { type CommandSpec, UsageError } from "./command-spec.ts";

/**
 * `admin create`: a person of the web back office, above all the first platform admin, who then creates the
 * others from the back office itself. The password is generated and shown once.
 */
export const BACKOFFICE_COMMANDS: CommandSpec[] = [
  {
    name: "admin create",
    args: "<username> [--role ROLE] [--operator ID]",
    summary: `Create a person of the back office (role ${ROLES.join(", ")}; default platform_admin) and print a first password, shown once.`,
    options: { role: { type: "string" }, operator: { type: "string" } },
    positionals: { names: ["username"] },
    prepare(values, [username = ""]) {
      const role = typeof values.role === "string" ? values.role : "platform_admin";
      if (!(ROLES as readonly string[]).includes(role)) {
        throw new UsageError(`--role must be one of ${ROLES.join(", ")}`);
      }
      const operatorId = typeof values.operator === "string" ? values.operator : undefined;
      if ((role === "platform_admin") !== (operatorId === undefined)) {
        throw new UsageError(
          role === "platform_admin"
            ? "a platform admin is tied to no operator: drop --operator"
            : `a ${role} is tied to one operator: name it with --operator`,
        );
      }
      return async (api) => {
        const { user, password } = await api.createBackofficeUser({
          username,
          role,
          ...(operatorId !== undefined && { operatorId }),
        });
        return {
          json: { user, password },
          text: [
            `Created ${user.role} ${user.username}${user.operatorId ? ` of operator ${user.operatorId}` : ""}.`,
            `  Password: ${password}`,
            "  (shown this once: hand it over now; the back office asks for it at sign-in)",
          ].join("\n"),
        };
      };
    },
  },
];
