/**
 * The contract's rules of the login and sign-up forms, a chunk of its own with the schema
 * library: the forms load it when first checked (lib/use-sending-form.ts), so the pages hydrate
 * without building any schema (issue 27).
 */
export {
  EmailSchema,
  LoginFormSchema,
  SignInCodeFormSchema,
  SignupFormSchema,
} from '@tools-factory/contract';
