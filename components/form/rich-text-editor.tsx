"use client";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Heading2, Italic, List, ListOrdered, Quote, Redo, Underline, Undo } from "lucide-react";
import { cn } from "@/lib/utils";

/** The tiptap editor itself (~400 kB of client code): loaded only by screens that show a rich-text field. */
export default function RichTextEditor({
  id,
  label,
  value,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
}) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value,
    editable: !disabled,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        "aria-label": label,
        ...(disabled ? { "aria-readonly": "true" } : {}),
        class:
          "prose prose-sm min-h-28 max-w-none px-3 py-2 focus:outline-none [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_h2]:text-lg [&_h2]:font-semibold [&_blockquote]:border-l-4 [&_blockquote]:pl-3",
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  return (
    <div className="border-input focus-within:ring-ring/50 rounded-md border bg-white focus-within:ring-[3px]">
      {disabled ? null : <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor | null }) {
  if (!editor) return <div className="h-9 border-b" />;
  const items = [
    {
      icon: Bold,
      label: "Bold",
      active: editor.isActive("bold"),
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      icon: Italic,
      label: "Italic",
      active: editor.isActive("italic"),
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      icon: Underline,
      label: "Underline",
      active: editor.isActive("underline"),
      run: () => editor.chain().focus().toggleUnderline().run(),
    },
    {
      icon: Heading2,
      label: "Heading",
      active: editor.isActive("heading", { level: 2 }),
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      icon: List,
      label: "Bullet list",
      active: editor.isActive("bulletList"),
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      icon: ListOrdered,
      label: "Numbered list",
      active: editor.isActive("orderedList"),
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      icon: Quote,
      label: "Quote",
      active: editor.isActive("blockquote"),
      run: () => editor.chain().focus().toggleBlockquote().run(),
    },
    { icon: Undo, label: "Undo", active: false, run: () => editor.chain().focus().undo().run() },
    { icon: Redo, label: "Redo", active: false, run: () => editor.chain().focus().redo().run() },
  ];
  return (
    <div className="flex flex-wrap gap-0.5 border-b p-1" role="toolbar" aria-label="Formatting">
      {items.map(({ icon: Icon, label, active, run }) => (
        <button
          key={label}
          type="button"
          title={label}
          aria-label={label}
          aria-pressed={active}
          onClick={run}
          className={cn("hover:bg-accent rounded p-1.5", active && "bg-accent text-accent-foreground")}
        >
          <Icon className="size-4" />
        </button>
      ))}
    </div>
  );
}
