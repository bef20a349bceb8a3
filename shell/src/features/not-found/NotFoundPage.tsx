import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { TIMERS } from '@lakorn/contracts/web';
import { Button, Icon, theme } from '@lakorn/ui';

const Box = styled.main`
  min-height: 80dvh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 14px;
  padding: 24px;
  text-align: center;
  h1 { margin: 0; font-size: ${theme.font.size.xl}; }
  p { margin: 0; color: ${theme.color.muted}; }
  .code { font-size: 56px; font-weight: 700; color: ${theme.color.primary}; line-height: 1; }
`;

/** spec §2: any other path; back to / after 5 seconds, or at once with the button. */
export function NotFoundPage() {
  const navigate = useNavigate();
  const [left, setLeft] = useState(Math.round(TIMERS.notFoundRedirect / 1000));
  useEffect(() => {
    const redirect = setTimeout(() => navigate('/', { replace: true }), TIMERS.notFoundRedirect);
    const tick = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => {
      clearTimeout(redirect);
      clearInterval(tick);
    };
  }, [navigate]);
  return (
    <Box>
      <span className="code">404</span>
      <h1>ไม่พบหน้าที่คุณต้องการ</h1>
      <p>จะพากลับหน้าหลักใน {left} วินาที</p>
      <Button onClick={() => navigate('/', { replace: true })}>
        <Icon name="back" size={18} />
        กลับหน้าหลัก
      </Button>
    </Box>
  );
}
