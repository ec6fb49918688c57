import CalculateRounded from '@mui/icons-material/CalculateRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import SchoolRounded from '@mui/icons-material/SchoolRounded';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

const BENEFITS = [
  {
    icon: <SchoolRounded />,
    title: 'Courses',
    text: 'Step-by-step lessons from sellers who have done it, at your pace.',
  },
  {
    icon: <CalculateRounded />,
    title: 'Business tools',
    text: 'The Power Profit Tool, the Product Qualifier and the AI Toolkit check your numbers before you buy.',
  },
  { icon: <ForumRounded />, title: 'Community', text: 'The members’ group and our support team when you get stuck.' },
];

/** What a free account includes: the sign-up page's welcome area on phones, where the brand panel is hidden. */
export function MemberBenefits() {
  return (
    <Paper component="section" variant="outlined" aria-labelledby="member-benefits-title" sx={{ p: 2.5 }}>
      <Typography id="member-benefits-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        What members get
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.75 }}>
        {BENEFITS.map((item) => (
          <Box component="li" key={item.title} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Box
              aria-hidden
              sx={{
                width: 36,
                height: 36,
                flexShrink: 0,
                borderRadius: 2.5,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'rgba(140, 47, 93, 0.08)',
                color: 'primary.main',
              }}
            >
              {item.icon}
            </Box>
            <Box>
              <Typography sx={{ fontWeight: 700, lineHeight: 1.4 }}>{item.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {item.text}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
