import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { serverApi } from '../lib/context.ts';
import { HomeTabs } from '../components/home-tabs.tsx';

export const meta: MetaFunction = () => [{ title: 'Mechanics | SpareFinder NG' }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { options: await serverApi(context).lookup('/api/mechanics/specialities') };
}

export default function Page() {
  const { options } = useLoaderData<typeof loader>();
  return (
    <>
      <HomeTabs />
      <main id="main" className="container-page py-6">
        <h1 className="text-2xl font-bold">Mechanics</h1>
        <h2 className="mt-4 font-semibold">What do you need fixed?</h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {options.map((o) => <li key={o.value} className="rounded-full bg-white px-3 py-1.5 text-sm shadow-[var(--shadow-card)]">{o.label}</li>)}
        </ul>
      </main>
    </>
  );
}
