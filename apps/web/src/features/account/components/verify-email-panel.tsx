import { useQuery } from '@tanstack/react-query';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { verifyEmail } from '@/features/account/api/verify-email';

/** /verify-email?id&token: the link from the verification mail. */
export function VerifyEmailPanel({
  search,
  onContinue,
}: {
  search: string;
  onContinue: () => void;
}) {
  const params = new URLSearchParams(search);
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  const result = useQuery({
    queryKey: ['user', 'email-verification', id, token],
    queryFn: () => verifyEmail({ id, token }),
    enabled: Boolean(id && token),
    retry: false,
    staleTime: Infinity,
  });

  return (
    <section className="stack" aria-labelledby="verify-title">
      <h1 id="verify-title" className="auth-card__title">
        Verify Email
      </h1>
      {!id || !token ? (
        <Banner tone="error">This verification link is invalid or has expired.</Banner>
      ) : result.isPending ? (
        <Spinner label="Verifying your email address…" showLabel />
      ) : result.isError ? (
        <Banner tone="error">{result.error.message}</Banner>
      ) : (
        <Banner tone="success">{result.data.email.email} has been verified successfully.</Banner>
      )}
      <Button variant="primary" block onClick={onContinue}>
        Continue
      </Button>
    </section>
  );
}
