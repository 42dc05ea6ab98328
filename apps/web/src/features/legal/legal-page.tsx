import { defaultLanguage, product } from '@receta/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../config/paths.ts';
import type { Block, Inline, LegalDocument, Paragraph } from './legal-document.ts';

/**
 * A legal document with its title, revision date and a way back to the app. The text itself is
 * the Spanish one, the one that rules, whatever language the page is shown in.
 */
export function LegalPage({ title, document }: { title: string; document: LegalDocument }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="article" sx={{ maxWidth: 820, mx: 'auto' }}>
      <PageTitle title={title} />
      <Button component={RouterLink} to={paths.home.getHref()} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        {t('legal.back')}
      </Button>
      <Paper variant="outlined" sx={{ px: { xs: 2.5, sm: 5 }, py: { xs: 3, sm: 5 } }}>
        <Typography variant="h1" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {t('legal.lastUpdated', { date: product.legalRevision })}
        </Typography>
        {i18n.resolvedLanguage !== defaultLanguage && (
          <Alert severity="info" sx={{ mb: 3 }}>{t('languages.spanishOnly')}</Alert>
        )}
        {/* Spanish, so left to right even on an Arabic page. */}
        <Box lang={defaultLanguage} dir="ltr">
          <Blocks blocks={document.intro} />
          {document.sections.map((section) => (
            <Box component="section" key={section.heading} sx={{ mt: 4 }}>
              <Typography variant="h2" sx={{ mb: 1.5 }}>
                {section.heading}
              </Typography>
              <Blocks blocks={section.blocks} />
            </Box>
          ))}
        </Box>
      </Paper>
    </Box>
  );
}

function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return blocks.map((block, index) =>
    isList(block)
      ? (
          <Box component="ul" key={index} sx={{ pl: 3, my: 1.5, '& li': { mb: 0.75 } }}>
            {block.list.map((item, itemIndex) => (
              <Typography component="li" key={itemIndex}>
                <ParagraphText paragraph={item} />
              </Typography>
            ))}
          </Box>
        )
      : (
          <Typography key={index} sx={{ mb: 1.5 }}>
            <ParagraphText paragraph={block} />
          </Typography>
        ),
  );
}

function ParagraphText({ paragraph }: { paragraph: Paragraph }) {
  if (typeof paragraph === 'string') return paragraph;
  return paragraph.map((inline, index) => <Fragment key={index}>{renderInline(inline)}</Fragment>);
}

function renderInline(inline: Inline) {
  if (typeof inline === 'string') return inline;
  if (inline.kind === 'email') {
    return (
      <Link href={`mailto:${inline.address}`} sx={{ overflowWrap: 'anywhere' }}>
        {inline.address}
      </Link>
    );
  }
  return (
    <Link component={RouterLink} to={inline.to}>
      {inline.text}
    </Link>
  );
}

function isList(block: Block): block is { list: readonly Paragraph[] } {
  return typeof block === 'object' && 'list' in block;
}
